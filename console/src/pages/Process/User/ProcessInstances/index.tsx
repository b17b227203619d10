/** /process/user/processInstances: instances the user started or acted in. */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import React, { useRef, useState } from 'react';
import InstanceDrawer from '../../components/InstanceDetail';
import { t } from '../../components/labels';
import { instanceColumns } from '../../Instance';
import { listRelatedInstances, type Instance } from '@/services/process';

const RelatedPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const [openId, setOpenId] = useState<number>();
  return (
    <>
      <ProTable<Instance>
        rowKey="id"
        actionRef={actionRef}
        columns={instanceColumns(setOpenId)}
        headerTitle={t('menu.process.user.processInstances')}
        search={{ labelWidth: 'auto' }}
        request={async (params) => {
          const page = await listRelatedInstances({
            pageNo: params.current,
            pageSize: params.pageSize,
            definitionKey: params.definitionKey,
            state: params.state,
            initiatorId: params.initiatorId,
            from: params.from,
            to: params.to,
            keyword: params.keyword,
          });
          return { data: page.records, total: page.total, success: true };
        }}
      />
      <InstanceDrawer
        id={openId}
        onClose={() => setOpenId(undefined)}
        onChanged={() => actionRef.current?.reload()}
      />
    </>
  );
};

export default RelatedPage;
