import { Skeleton } from 'antd';
import React, { useEffect, useRef, useState } from 'react';

type ECharts = import('echarts/core').EChartsType;

/** The chart library, fetched the first time a report page draws a chart. */
let library: Promise<typeof import('./echarts').default> | undefined;
export function loadCharts() {
  library ??= import(/* webpackChunkName: "report-charts" */ './echarts').then((m) => m.default);
  return library;
}

type Axis = { data?: unknown[] };
/** The category axis' labels: what the chart shows, for tests and screen readers. */
const axisData = (option: Record<string, unknown>): unknown[] =>
  (option.xAxis as Axis | undefined)?.data ?? (option.yAxis as Axis | undefined)?.data ?? [];

export interface ChartProps {
  option: Record<string, unknown>;
  height?: number;
  testId?: string;
}

/** One ECharts chart that follows its container's width. */
const Chart: React.FC<ChartProps> = ({ option, height = 300, testId }) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts>();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadCharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, true);
  }, [ready, option]);

  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      {!ready && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
      <div
        ref={box}
        data-testid={testId}
        data-ready={ready ? 'true' : 'false'}
        data-points={JSON.stringify(axisData(option))}
        style={{ width: '100%', height }}
      />
    </div>
  );
};

export default Chart;
