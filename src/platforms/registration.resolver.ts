import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { RegistrationType } from './platforms.types.js';
import { listInstalledRegistrations, type InstalledRegistrationView } from './registration.queries.js';

@Resolver()
export class RegistrationResolver {
  @Authorized('webhooks:read')
  @Query(() => [RegistrationType], { description: 'The registrations (per-product webhooks) of the applications the seller installed, with their health for this seller' })
  async registrations(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<InstalledRegistrationView[]> {
    return listInstalledRegistrations(em, sellerId);
  }
}
