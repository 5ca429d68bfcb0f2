import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

/**
 * An ad's daily counts, in the counters table under their own prefix: pk `adday#<ad id>`, sk the UTC
 * day `YYYY-MM-DD`, `impressions`, `clicks`, `expiresAt` (TTL, epoch seconds: the day plus
 * ADS.statsKeepDays). Written by the public ads function (one atomic ADD per event), read by the console.
 */
export type AdEvent = 'impressions' | 'clicks';

export interface AdDayItem {
  day: string;
  impressions: number;
  clicks: number;
}

const partition = (adId: string) => `adday#${adId}`;

export async function addAdCount(adId: string, day: string, event: AdEvent, expiresAt: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().COUNTERS_TABLE,
      Key: { pk: partition(adId), sk: day },
      UpdateExpression: 'ADD #event :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ExpressionAttributeNames: { '#event': event },
      ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt },
    }),
  );
}

/** The days from `fromDay` to `toDay` (inclusive) that counted anything, oldest first (at most one item per day). */
export async function readAdCounts(adId: string, fromDay: string, toDay: string): Promise<AdDayItem[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: config().COUNTERS_TABLE,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition(adId), ':from': fromDay, ':to': toDay },
      // 400 days at most fit one page easily (a few dozen bytes each).
      Limit: 500,
    }),
  );
  return (out.Items ?? []).map((item) => ({
    day: String(item.sk),
    impressions: typeof item.impressions === 'number' ? item.impressions : 0,
    clicks: typeof item.clicks === 'number' ? item.clicks : 0,
  }));
}
