import { useCallback, useEffect, useState } from 'react';
import { dishCategories, type Category } from '@/services/cuisine';

/** Every category of the merchant in menu order (filters, the dish form, the dish picker). */
export function useCategories(enabled = true) {
  const [categories, setCategories] = useState<Category[]>([]);
  const reload = useCallback(async () => {
    try {
      setCategories(await dishCategories());
    } catch {
      /* shown by the request layer */
    }
  }, []);
  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload]);
  return { categories, reload };
}
