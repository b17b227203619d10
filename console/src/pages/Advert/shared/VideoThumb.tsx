import { PlayCircleOutlined } from '@ant-design/icons';
import React from 'react';

/** In place of a video's picture in the ad lists and forms: a dark box with a play icon. */
const VideoThumb: React.FC<{ width: number; height: number; iconSize?: number }> = ({
  width,
  height,
  iconSize,
}) => (
  <div
    style={{
      width,
      height,
      background: '#111',
      color: '#fff',
      borderRadius: 4,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    }}
  >
    <PlayCircleOutlined style={iconSize ? { fontSize: iconSize } : undefined} />
  </div>
);

export default VideoThumb;
