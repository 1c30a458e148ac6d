import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTime } from '../graphql/scalars.js';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { Application, Installation } from './application.entity.js';
import { installApplication, listAvailableApplications, listInstallations, uninstallApplication } from './application.service.js';

@ObjectType({ description: 'A third-party application installed by the seller' })
class InstalledApplication {
  @Field(() => ID, { description: 'The application' })
  applicationId!: string;

  @Field({ description: 'Its name' })
  name!: string;

  @Field(() => DateTime, { description: 'When the seller installed it' })
  installedAt!: Date;
}

@ObjectType({ description: 'An application of the store, which a seller may install' })
class AvailableApplication {
  @Field(() => ID, { description: 'The application (installApplication takes it)' })
  id!: string;

  @Field({ description: 'Its name' })
  name!: string;

  @Field({ description: 'Whether the seller has it installed now' })
  installed!: boolean;
}

@InputType({ description: 'Input of installApplication' })
class InstallApplicationInput {
  @Field(() => ID, { description: 'The application to install' })
  applicationId!: string;
}

@InputType({ description: 'Input of uninstallApplication' })
class UninstallApplicationInput {
  @Field(() => ID, { description: 'The application to uninstall' })
  applicationId!: string;
}

@ObjectType({ description: 'The result of installApplication' })
class InstallApplicationPayload {
  @Field(() => InstalledApplication, { description: 'The installation' })
  installedApplication!: InstalledApplication;
}

@ObjectType({ description: 'The result of uninstallApplication' })
class UninstallApplicationPayload {
  @Field(() => ID, { description: 'The application, no longer installed' })
  applicationId!: string;
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
  @Query(() => [InstalledApplication], { description: 'The applications the seller installed' })
  async installedApplications(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<InstalledApplication[]> {
    return (await listInstallations(em, sellerId)).map(installedApplication);
  }

  @Authorized('webhooks:read')
  @Query(() => [AvailableApplication], { description: 'The store\'s applications by name, each saying whether the seller installed it' })
  async applications(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<AvailableApplication[]> {
    return (await listAvailableApplications(em, sellerId)).map(({ application, installed }) => ({ id: application.id, name: application.name, installed }));
  }

  @Authorized('webhooks:write', 'orders:read')
  @Mutation(() => InstallApplicationPayload, { description: 'Needs webhooks:write and orders:read: the app will receive order data' })
  async installApplication(
    @Arg('input', () => InstallApplicationInput, { description: 'The application' }) { applicationId }: InstallApplicationInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<InstallApplicationPayload> {
    return { installedApplication: installedApplication(await installApplication(em, { applicationId, sellerId })) };
  }

  @Authorized('webhooks:write')
  @Mutation(() => UninstallApplicationPayload, { description: 'Fires aplicativo.removido to the app\'s payments and customer-service registrations' })
  async uninstallApplication(
    @Arg('input', () => UninstallApplicationInput, { description: 'The application' }) { applicationId }: UninstallApplicationInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<UninstallApplicationPayload> {
    await uninstallApplication(em, { applicationId, sellerId });
    return { applicationId };
  }
}

function installedApplication({ installation, application }: { installation: Installation; application: Application }): InstalledApplication {
  return { applicationId: application.id, name: application.name, installedAt: installation.installedAt };
}
