import type { Ad } from '@shared/schemas/ads';
import { useEffect, useState } from 'react';
import { loadAds } from '../api/ads-api';

export function useAds(): Ad[] | undefined {
  const [ads, setAds] = useState<Ad[]>();
  useEffect(() => {
    let live = true;
    void loadAds().then((list) => live && setAds(list));
    return () => {
      live = false;
    };
  }, []);
  return ads;
}
