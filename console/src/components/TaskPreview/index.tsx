/**
 * Task previews: what a business area shows a task's assignee above the task's form, chosen by
 * the task's process definition key. The process inbox renders <TaskPreview> in its task detail;
 * an area adds one line to `taskPreviews` (a lazy import, so the inbox does not load the area's
 * code for other tasks).
 */
import { Skeleton } from 'antd';
import React, { Suspense } from 'react';
import ErrorBoundary from '@/components/ErrorBoundary';

export interface TaskPreviewProps {
  /** the task's variables (the instance's, as the task sees them) */
  variables: Record<string, unknown>;
}

type Preview = React.LazyExoticComponent<React.ComponentType<TaskPreviewProps>>;

/** definitionKey -> preview */
export const taskPreviews: Record<string, Preview> = {
  // issue 7: the ad under review (images or video player, link, period, tablets)
  advert_review: React.lazy(() => import('@/pages/Advert/shared/ReviewPreview')),
  // issue 4: a merchant's sign-up under review (business, contact, mobile, address, licence)
  merchant_signup: React.lazy(() => import('@/pages/Sys/Organization/components/SignupPreview')),
};

/** The preview of a task's definition, or nothing when the definition has none. */
export const TaskPreview: React.FC<{
  definitionKey?: string;
  variables?: Record<string, unknown>;
}> = ({ definitionKey, variables }) => {
  const Preview = definitionKey ? taskPreviews[definitionKey] : undefined;
  if (!Preview) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
        <Preview variables={variables ?? {}} />
      </Suspense>
    </ErrorBoundary>
  );
};

export default TaskPreview;
