/**
 * /advert/release: ad management (spec route table; issue 7). Tabs: in-store display (what
 * each venue's tablets play now), merchant ads, platform ads, I want to advertise (merchants'
 * requests for platform placements). Create / edit drawer, detail drawer with the materials
 * preview, status timeline and audit opinion, and the actions the status allows.
 * Reviewers approve or reject in their task inbox (/process/user/tasks).
 */
import type { ActionType } from '@ant-design/pro-components';
import { useLocation } from '@umijs/max';
import { Card, Tabs } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import type { Advert, AdvertDetail } from '@/services/advert';
import AdvertPage from '../shared/AdvertPage';
import { t } from '../shared/text';
import { useUserSide } from '../shared/useAdvertData';
import { needsRefresh } from './components/actionRules';
import AdvertDrawer from './components/AdvertDrawer';
import AdvertList from './components/AdvertList';
import DetailDrawer from './components/DetailDrawer';
import DisplayPanel from './components/DisplayPanel';
import type { AdvertKind } from './components/targetRules';
import { useAdvertActions } from './components/useAdvertActions';

type TabKey = 'display' | AdvertKind;
const TABS: TabKey[] = ['display', 'merchant', 'platform', 'request'];

const ReleasePage: React.FC = () => {
  const location = useLocation();
  const { platform } = useUserSide();
  const [tab, setTab] = useState<TabKey>('merchant');
  const [drawer, setDrawer] = useState<{ open: boolean; kind: AdvertKind; advert?: Advert }>({
    open: false,
    kind: 'merchant',
  });
  const [detailId, setDetailId] = useState<number>();
  const [version, setVersion] = useState(0);
  const refs = {
    merchant: useRef<ActionType>(),
    platform: useRef<ActionType>(),
    request: useRef<ActionType>(),
  };

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const wanted = q.get('tab') as TabKey | null;
    if (wanted && TABS.includes(wanted)) setTab(wanted);
    const id = Number(q.get('id'));
    if (id) setDetailId(id);
  }, [location.search]);

  const reloadAll = () => {
    for (const r of Object.values(refs)) r.current?.reload();
    setVersion((v) => v + 1);
  };

  const { run, element } = useAdvertActions({
    onChanged: (_ad?: AdvertDetail, deletedId?: number) => {
      if (deletedId && deletedId === detailId) setDetailId(undefined);
      reloadAll();
    },
    onEdit: (ad) => setDrawer({ open: true, kind: ad.request ? 'request' : ad.type, advert: ad }),
  });

  const list = (kind: AdvertKind, canCreate: boolean) => (
    <AdvertList
      kind={kind}
      platform={platform}
      actionRef={refs[kind]}
      canCreate={canCreate}
      onCreate={() => setDrawer({ open: true, kind })}
      onOpen={(ad) => setDetailId(ad.id)}
      onAction={run}
    />
  );

  const items = [
    {
      key: 'display',
      label: <span data-testid="advert-tab-display">{t('advert.tab.display')}</span>,
      children: <DisplayPanel platform={platform} version={version} />,
    },
    {
      key: 'merchant',
      label: <span data-testid="advert-tab-merchant">{t('advert.tab.merchant')}</span>,
      children: list('merchant', !platform),
    },
    {
      key: 'platform',
      label: <span data-testid="advert-tab-platform">{t('advert.tab.platform')}</span>,
      // merchants see the platform's ads playing in their venues (the list API shows them only their own ads)
      children: platform ? list('platform', true) : <DisplayPanel platform={false} fixedType="platform" version={version} />,
    },
    {
      key: 'request',
      label: <span data-testid="advert-tab-request">{t('advert.tab.request')}</span>,
      children: list('request', !platform),
    },
  ];

  return (
    <AdvertPage testId="advert-release">
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={items} destroyInactiveTabPane={false} />
      </Card>
      <AdvertDrawer
        open={drawer.open}
        kind={drawer.kind}
        advert={drawer.advert}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onSaved={(ad, published) => {
          setDrawer((d) => ({ ...d, open: false }));
          reloadAll();
          // the review may not have begun yet: read again shortly after
          if (published && needsRefresh('publish', ad)) for (const ms of [1500, 4000]) setTimeout(reloadAll, ms);
        }}
      />
      <DetailDrawer
        id={detailId}
        version={version}
        platform={platform}
        onClose={() => setDetailId(undefined)}
        onAction={run}
      />
      {element}
    </AdvertPage>
  );
};

export default ReleasePage;
