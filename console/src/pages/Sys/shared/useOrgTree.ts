import { useCallback, useEffect, useState } from 'react';
import { orgTree, type OrgNode } from '@/services/sys-admin';

/**
 * The organisation tree of the caller's scope, loaded on mount; `quiet` when it only feeds
 * a select of a page with another permission (no error toast, no redirect).
 */
export function useOrgTree(enabled = true, quiet = false) {
  const [tree, setTree] = useState<OrgNode[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await orgTree(quiet);
      setTree(answer ?? []);
      return answer ?? [];
    } catch {
      return [];
    } finally {
      setLoading(false);
    }
  }, [quiet]);
  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload]);
  return { tree, loading, reload };
}
