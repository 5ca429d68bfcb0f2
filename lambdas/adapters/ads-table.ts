import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

/**
 * Ads table. Item: pk `ad#<id>`, sk `ad`, navigateUrl, imageUrl, alternateText, createdAt, startsOn?, endsOn?;
 * gsi1pk `ads`, gsi1sk `<createdAt>#<id>` lists every enabled ad with one Query (the set is small:
 * tens); a disabled ad sits on gsi1pk `ads#disabled`, so the public API never reads it.
 */
export interface AdItem {
  id: string;
  navigateUrl: string;
  imageUrl: string;
  alternateText: string;
  createdAt: string;
  /** Absent on ads stored before the console (they are enabled). */
  enabled?: boolean;
  /** The banner's key in the images bucket (absent: files/ads/<id>.png). */
  imageKey?: string;
  /** First and last day it is served (UTC `YYYY-MM-DD`, inclusive); absent: no limit that side. */
  startsOn?: string;
  endsOn?: string;
}

const MAX_ADS = 200;

export async function putAd(ad: AdItem): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().ADS_TABLE,
      Item: { pk: `ad#${ad.id}`, sk: 'ad', gsi1pk: adPartition(ad.enabled !== false), gsi1sk: `${ad.createdAt}#${ad.id}`, ...ad },
    }),
  );
}

const adPartition = (enabled: boolean) => (enabled ? 'ads' : 'ads#disabled');

/** Every enabled ad (or every disabled one), newest first (capped at 200: an ad set is tens, never thousands). */
export async function listAds(enabled = true): Promise<AdItem[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: config().ADS_TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :ads',
      ExpressionAttributeValues: { ':ads': adPartition(enabled) },
      ProjectionExpression: 'id, navigateUrl, imageUrl, alternateText, createdAt, enabled, imageKey, startsOn, endsOn',
      ScanIndexForward: false,
      Limit: MAX_ADS,
    }),
  );
  return (out.Items ?? []) as AdItem[];
}

export async function getAd(id: string): Promise<AdItem | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: config().ADS_TABLE, Key: { pk: `ad#${id}`, sk: 'ad' }, ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { pk: _p, sk: _s, gsi1pk: _g, gsi1sk: _k, ...ad } = out.Item;
  return ad as AdItem;
}

export async function deleteAd(id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config().ADS_TABLE, Key: { pk: `ad#${id}`, sk: 'ad' } }));
}
