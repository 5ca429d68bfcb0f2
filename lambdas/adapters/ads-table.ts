import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

/**
 * Ads table. Item: pk `ad#<id>`, sk `ad`, navigateUrl, imageUrl, alternateText, createdAt;
 * gsi1pk `ads`, gsi1sk `<createdAt>#<id>` lists every ad with one Query (the set is small: tens).
 */
export interface AdItem {
  id: string;
  navigateUrl: string;
  imageUrl: string;
  alternateText: string;
  createdAt: string;
}

const MAX_ADS = 200;

export async function putAd(ad: AdItem): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().ADS_TABLE,
      Item: { pk: `ad#${ad.id}`, sk: 'ad', gsi1pk: 'ads', gsi1sk: `${ad.createdAt}#${ad.id}`, ...ad },
    }),
  );
}

/** Every ad, newest first (capped at 200: an ad set is tens, never thousands). */
export async function listAds(): Promise<AdItem[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: config().ADS_TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :ads',
      ExpressionAttributeValues: { ':ads': 'ads' },
      ProjectionExpression: 'id, navigateUrl, imageUrl, alternateText, createdAt',
      ScanIndexForward: false,
      Limit: MAX_ADS,
    }),
  );
  return (out.Items ?? []) as AdItem[];
}
