import { useAccess } from '@umijs/max';
import React from 'react';
import type { AccessShape } from '@/access';

/** Permission checks for pages: `const { can } = useOperation(); can('sys:user:add')`. */
export function useOperation() {
  const access = useAccess() as unknown as AccessShape;
  return {
    isAdmin: access.isAdmin,
    can: access.canOperate,
    hasPermission: access.hasPermission,
  };
}

export interface AccessProps {
  /** operation code, e.g. sys:user:add (checked against operationCodes) */
  code?: string;
  /** role permission check, e.g. permission="sys:user" action="add" */
  permission?: string;
  action?: string;
  /** hide (default) removes the children; disable renders them disabled */
  mode?: 'hide' | 'disable';
  fallback?: React.ReactNode;
  children: React.ReactNode;
}

/** Hides or disables what the user may not use (spec section 6). */
export const Access: React.FC<AccessProps> = ({
  code,
  permission,
  action,
  mode = 'hide',
  fallback = null,
  children,
}) => {
  const { can, hasPermission } = useOperation();
  const allowed =
    (code === undefined || can(code)) &&
    (permission === undefined || hasPermission(permission, action ?? 'query'));
  if (allowed) return <>{children}</>;
  if (mode === 'disable') {
    return (
      <>
        {React.Children.map(children, (child) =>
          React.isValidElement(child)
            ? React.cloneElement(child as React.ReactElement<{ disabled?: boolean }>, {
                disabled: true,
              })
            : child,
        )}
      </>
    );
  }
  return <>{fallback}</>;
};

export default Access;
