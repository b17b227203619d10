/**
 * How an ad plays on a tablet: a video in a player, or the images one after the other, each
 * for its duration (play / pause, or pick one), with the thumbnails and their seconds below.
 */
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Image, Progress, Space, Tag, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import type { Material, MaterialType } from '@/services/advert';
import { materialKindOf, totalDuration } from './materialRules';
import { seconds, t } from './text';
import { safeHref } from '@/utils/safeHref';

const stage: React.CSSProperties = {
  position: 'relative',
  width: '100%',
  maxWidth: 560,
  aspectRatio: '16 / 9',
  background: '#111',
  borderRadius: 8,
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
};

export interface MaterialsPreviewProps {
  materials: Pick<Material, 'url' | 'duration'>[];
  materialType?: MaterialType | string;
}

const MaterialsPreview: React.FC<MaterialsPreviewProps> = ({ materials, materialType }) => {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const list = materials.filter((m) => m.url);
  const current = list[Math.min(index, Math.max(0, list.length - 1))];
  const video = materialType === 'video' || (list.length > 0 && materialKindOf(list[0].url) === 'video');

  useEffect(() => {
    if (!playing || video || !current) return undefined;
    const seconds = Math.max(1, current.duration || 1);
    const timer = setInterval(() => {
      setElapsed((e) => {
        if (e + 1 >= seconds) {
          setIndex((i) => (i + 1) % list.length);
          return 0;
        }
        return e + 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [playing, video, current, list.length]);

  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('advert.materials.none')} />;

  if (video) {
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="advert-preview">
        <div style={stage}>
          {/* biome-ignore lint/a11y/useMediaCaption: merchants upload ad videos without caption files, so there is no track to point at */}
          <video
            src={safeHref(list[0].url)}
            controls
            preload="metadata"
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            data-testid="advert-preview-video"
          />
        </div>
        <Tag>{t('advert.materials.videoLength', { duration: seconds(list[0].duration || 0) })}</Tag>
      </Space>
    );
  }

  const pick = (i: number) => {
    setIndex(i);
    setElapsed(0);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="advert-preview">
      <div style={stage}>
        <img
          src={safeHref(current.url)}
          alt=""
          style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          data-testid="advert-preview-image"
        />
        <span
          style={{
            position: 'absolute',
            insetInlineEnd: 8,
            top: 8,
            background: 'rgba(0,0,0,.55)',
            color: '#fff',
            borderRadius: 4,
            padding: '0 6px',
            fontSize: 12,
          }}
        >
          {index + 1}/{list.length} · {seconds(current.duration || 0)}
        </span>
      </div>
      <Space wrap>
        <Button
          size="small"
          icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          onClick={() => setPlaying((p) => !p)}
          data-testid="advert-preview-play"
        >
          {playing ? t('advert.preview.pause') : t('advert.preview.play')}
        </Button>
        {playing ? (
          <Progress
            style={{ width: 160, margin: 0 }}
            size="small"
            percent={Math.round(((elapsed + 1) / Math.max(1, current.duration || 1)) * 100)}
            showInfo={false}
          />
        ) : null}
        <Typography.Text type="secondary">
          {t('advert.materials.total', { duration: seconds(totalDuration(list)) })}
        </Typography.Text>
      </Space>
      <Image.PreviewGroup items={list.map((m) => m.url)}>
        <Space wrap size={8}>
          {list.map((m, i) => (
            // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's quick look at a thumbnail; the Play button shows the same images in order
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list drawn once; the index only tells a repeated file apart
              key={`${m.url}-${i}`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 2,
                outline: i === index ? '2px solid var(--ant-color-primary, #1677ff)' : 'none',
                borderRadius: 6,
                padding: 2,
              }}
              onMouseEnter={() => !playing && pick(i)}
            >
              <Image src={m.url} width={72} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
              <Typography.Text style={{ fontSize: 12 }}>{seconds(m.duration || 0)}</Typography.Text>
            </div>
          ))}
        </Space>
      </Image.PreviewGroup>
    </Space>
  );
};

export default MaterialsPreview;
