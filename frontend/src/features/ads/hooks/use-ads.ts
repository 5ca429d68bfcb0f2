import type { Ad } from '@shared/schemas/ads';
import { startTransition, useEffect, useState } from 'react';
import { loadAds } from '../api/ads-api';

export function useAds(): Ad[] | undefined {
  const [ads, setAds] = useState<Ad[]>();
  useEffect(() => {
    let live = true;
    void loadAds().then((list) => live && startTransition(() => setAds(list)));
    return () => {
      live = false;
    };
  }, []);
  return ads;
}
