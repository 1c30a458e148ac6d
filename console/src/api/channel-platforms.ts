import { ChannelPlatformsDocument, type ChannelPlatformsQuery } from '../generated/graphql';
import { useQuery } from './hooks';

export type ChannelPlatform = ChannelPlatformsQuery['channelPlatforms'][number];

/** The platforms a channel can be connected to, each with its credentials, as the server's connectors declare them (empty until loaded). */
export function useChannelPlatforms(): ChannelPlatformsQuery['channelPlatforms'] {
  return useQuery(ChannelPlatformsDocument, {}).data?.channelPlatforms ?? [];
}

/** A platform by its name as the API spells it (`shopify`), or that word while the list loads. */
export function platformTitle(platforms: readonly ChannelPlatform[], platform: string): string {
  return platforms.find((entry) => entry.platform === platform)?.title ?? platform;
}
