import DataLoader from 'dataloader';
import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { ChannelCodeArgs } from '../catalog/catalog.schemas.js';
import { ChannelType } from '../catalog/catalog.types.js';
import type { ChannelView } from '../catalog/channel.service.js';
import { CurrentSeller } from '../graphql/caller.js';
import { loaderFor, type GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import { MaxItems } from '../graphql/list-size.js';
import { validInput } from '../graphql/plain-input.js';
import { AFTER, FIRST, toConnection, type Connection } from '../graphql/relay.js';
import { pageQuery } from '../http/pagination.js';
import { compileInput } from '../http/validation.js';
import { ListingLinksBody, syncQuery, type ListingLinkView, type SyncViewType } from './channels.schemas.js';
import {
  ChannelListingLinkConnection,
  ChannelListingLinkType,
  ChannelSyncConnection,
  ChannelSyncFilter,
  ChannelSyncType,
  LinkChannelListingsFromCataloguePayload,
  LinkChannelListingsInput,
  LinkChannelListingsPayload,
} from './channels.types.js';
import { linkFromCatalogue, listListingLinks, putListingLinks } from './listing.service.js';
import { LINK_SYNC_FIELDS, linkSyncs, listSyncs } from './sync-log.service.js';

const codeValidator = compileInput(ChannelCodeArgs);
const linksValidator = compileInput(ListingLinksBody);

/** A listing link as GraphQL answers it: with its channel, for reading its rows of the sync log. */
type LinkNode = ListingLinkView & { channel: string };

/** Listing links and the sync log over GraphQL: the same services and schemas as /canais/{code}/anuncios and …/sincronizacoes. */
@Resolver(() => ChannelType)
export class ListingResolver {
  @Authorized('catalog:read')
  @FieldResolver(() => ChannelListingLinkConnection, { description: 'Its listing links by SKU (as GET /canais/{code}/anuncios); NOT_FOUND when it is not connected' })
  async listings(
    @Root() channel: ChannelView,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first: number | undefined,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after: string | undefined,
    @CurrentSeller() sellerId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<LinkNode>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listListingLinks(context.em, sellerId, channel.code, page), (link) => [link.sku], (link) => ({ ...link, channel: channel.code }));
  }

  @Authorized('catalog:read')
  @FieldResolver(() => ChannelSyncConnection, { description: 'Its sync log (as GET /canais/{code}/sincronizacoes); NOT_FOUND when it is not connected' })
  async syncs(
    @Root() channel: ChannelView,
    @Arg('filter', () => ChannelSyncFilter, { nullable: true, description: 'Which rows; omitted: all' }) filter: ChannelSyncFilter | undefined,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first: number | undefined,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after: string | undefined,
    @CurrentSeller() sellerId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<SyncViewType>> {
    const list = listArgs(context, syncQuery, { ...filter, first, after });
    return toConnection(await listSyncs(context.em, sellerId, channel.code, list.filter, list.page), (sync) => [sync.subject, sync.field], (sync) => sync);
  }

  @Authorized('catalog:write')
  @Mutation(() => LinkChannelListingsPayload, { description: 'Links SKUs to the platform\'s listings (as PUT /canais/{code}/anuncios)' })
  async linkChannelListings(
    @Arg('input', () => LinkChannelListingsInput, { description: 'The channel and its links' }) { code, links }: LinkChannelListingsInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<LinkChannelListingsPayload> {
    const body = validInput(linksValidator, { links: links.map((link) => ({ ...link })) });
    const channel = validInput(codeValidator, { code }).code;
    return { links: (await putListingLinks(em, sellerId, channel, body.links)).map((link): LinkNode => ({ ...link, channel })) };
  }

  @Authorized('catalog:write')
  @Mutation(() => LinkChannelListingsFromCataloguePayload, { description: 'Links by SKU from the platform\'s catalogue in the background (as POST /canais/{code}/anuncios/vincular)' })
  async linkChannelListingsFromCatalogue(
    @Arg('code', { description: 'The channel\'s code' }) code: string,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<LinkChannelListingsFromCataloguePayload> {
    await linkFromCatalogue(em, sellerId, validInput(codeValidator, { code }).code);
    return { code, queued: true };
  }
}

/** Where a listing link stands on the platform: its rows of the sync log, for a page of links in one statement. */
@Resolver(() => ChannelListingLinkType)
export class ListingLinkSyncResolver {
  @Authorized('catalog:read')
  @MaxItems(LINK_SYNC_FIELDS.length)
  @FieldResolver(() => [ChannelSyncType], { description: 'Its quantity and price rows of the sync log (as GET /canais/{code}/sincronizacoes?subject={sku}); empty until one is queued' })
  syncs(@Root() link: LinkNode, @CurrentSeller() sellerId: string, @Ctx() context: GraphQLContext): Promise<SyncViewType[]> {
    return linkSyncsLoader(context, sellerId, link.channel).load(link.sku);
  }
}

function linkSyncsLoader(context: GraphQLContext, sellerId: string, code: string): DataLoader<string, SyncViewType[]> {
  return loaderFor(context, `channels.linkSyncs:${code}`, () => new DataLoader<string, SyncViewType[]>(async (skus) => {
    const bySku = await linkSyncs(context.em, sellerId, code, skus);
    return skus.map((sku) => bySku.get(sku) ?? []);
  }));
}
