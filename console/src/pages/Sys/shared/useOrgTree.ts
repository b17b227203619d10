import { useCallback, useEffect, useState } from 'react';
import { orgTree, type OrgNode } from '@/services/sys-admin';

/** The organisation tree of the caller's scope, loaded on mount. */
export function useOrgTree(enabled = true) {
  const [tree, setTree] = useState<OrgNode[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await orgTree();
      setTree(answer ?? []);
      return answer ?? [];
    } catch {
      return [];
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload]);
  return { tree, loading, reload };
}
