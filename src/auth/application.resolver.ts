import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { Application, Installation } from './application.entity.js';
import { installApplication, listInstallations, uninstallApplication } from './application.service.js';

@ObjectType({ description: 'A third-party application installed by the seller' })
class InstalledApplication {
  @Field(() => ID)
  applicationId!: string;

  @Field()
  name!: string;

  @Field(() => Date)
  installedAt!: Date;
}

/**
 * Installing an app lets it receive the seller's per-product webhooks, so it takes the
 * webhooks scopes (there is no separate app scope) and, to install, also `orders:read`:
 * the app then reads tracking, the carrier chat, settlement cycles and support cases,
 * all order data (PRODUCT_EVENT_READ_SCOPES), and a token must not hand a third party
 * what it cannot read itself. Uninstalling takes away, so the webhooks scope suffices.
 */
@Resolver()
export class ApplicationResolver {
  @Authorized('webhooks:read')
  @Query(() => [InstalledApplication])
  async installedApplications(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<InstalledApplication[]> {
    return (await listInstallations(em, sellerId)).map(installedApplication);
  }

  @Authorized('webhooks:write', 'orders:read')
  @Mutation(() => InstalledApplication, { description: 'Needs webhooks:write and orders:read: the app will receive order data' })
  async installApplication(
    @Arg('applicationId', () => ID) applicationId: string,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<InstalledApplication> {
    return installedApplication(await installApplication(em, { applicationId, sellerId }));
  }

  @Authorized('webhooks:write')
  @Mutation(() => Boolean, { description: 'Fires aplicativo.removido to the app\'s payments and customer-service registrations' })
  async uninstallApplication(
    @Arg('applicationId', () => ID) applicationId: string,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<boolean> {
    await uninstallApplication(em, { applicationId, sellerId });
    return true;
  }
}

function installedApplication({ installation, application }: { installation: Installation; application: Application }): InstalledApplication {
  return { applicationId: application.id, name: application.name, installedAt: installation.installedAt };
}
