/** /process/user/processInstances: instances the user started or acted in. */
import React from 'react';
import { t } from '../../components/labels';
import { InstanceList } from '../../Instance';
import { listRelatedInstances } from '@/services/process';

const RelatedPage: React.FC = () => (
  <InstanceList title={t('menu.process.user.processInstances')} list={listRelatedInstances} />
);

export default RelatedPage;
