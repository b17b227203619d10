import { Spin } from 'antd';
import React from 'react';

/** Full-area spinner while a chunk or the session loads. */
const PageLoading: React.FC = () => (
  <div className="venue-page-loading">
    <Spin size="large" />
  </div>
);

export default PageLoading;
