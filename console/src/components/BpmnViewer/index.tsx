/**
 * Read-only diagram (bpmn-js NavigatedViewer: pan and zoom) coloured by state: done, active,
 * rejected nodes and taken flows; hovering a node shows who acts or acted, when, and the result.
 * Loaded only by the process pages (a lazy chunk).
 */
import { Empty } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import React, { useEffect, useRef, useState } from 'react';
import { venueDescriptor } from '@/components/BpmnModeler/xml';
import type { TaskView, TimelineItem } from '@/services/process';
import { formatDate, formatMessage } from '@/utils/intl';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import '@/components/BpmnModeler/bpmn.css';

const t = (id: string) => formatMessage({ id });

/** Whether the element is laid out with a size (not inside a hidden tab or a closed drawer). */
export const hasSize = (el: HTMLElement): boolean => el.clientWidth > 0 && el.clientHeight > 0;

export interface DiagramState {
  doneNodes?: string[];
  activeNodes?: string[];
  rejectedNodes?: string[];
  takenFlows?: string[];
  tasks?: TaskView[];
  timeline?: TimelineItem[];
}

interface Hover {
  id: string;
  name: string;
  x: number;
  y: number;
}

export const BpmnViewer: React.FC<{ xml?: string; state?: DiagramState; height?: number }> = ({
  xml,
  state,
  height = 420,
}) => {
  const container = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<any>();
  const [error, setError] = useState<string>();
  const [hover, setHover] = useState<Hover>();

  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const viewer = new (NavigatedViewer as any)({
      container: box,
      moddleExtensions: { venue: venueDescriptor },
    });
    viewerRef.current = viewer;
    const bus = viewer.get('eventBus');
    bus.on('element.hover', (e: any) => {
      const el = e.element;
      if (!el || el.waypoints || !el.parent || el.type === 'label') return setHover(undefined);
      const vb = viewer.get('canvas').viewbox();
      setHover({
        id: el.id,
        name: el.businessObject?.name || el.id,
        x: (el.x + el.width - vb.x) * vb.scale + 8,
        y: (el.y - vb.y) * vb.scale,
      });
    });
    bus.on('element.out', () => setHover(undefined));
    // Keep the whole diagram in view while the box changes size (a drawer sliding open, a
    // window resize), until the user pans or zooms it themselves.
    let moved = false;
    const onUserMove = () => {
      moved = true;
    };
    box.addEventListener('wheel', onUserMove, { passive: true });
    box.addEventListener('mousedown', onUserMove);
    const resize = new ResizeObserver(() => {
      // a hidden box (another tab is shown) has no size: fitting it would divide by zero
      // (SVGMatrix scale non-finite); it is fitted again when it is shown
      if (!hasSize(box)) return;
      const canvas = viewer.get('canvas');
      canvas.resized();
      if (!moved && viewer.getDefinitions?.()) canvas.zoom('fit-viewport', 'auto');
    });
    resize.observe(box);
    return () => {
      resize.disconnect();
      box.removeEventListener('wheel', onUserMove);
      box.removeEventListener('mousedown', onUserMove);
      viewer.destroy();
    };
  }, []);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || !xml) return;
    let cancelled = false;
    viewer
      .importXML(xml)
      .then(() => {
        if (cancelled) return;
        setError(undefined);
        const canvas = viewer.get('canvas');
        if (container.current && hasSize(container.current)) canvas.zoom('fit-viewport', 'auto');
        const registry = viewer.get('elementRegistry');
        const mark = (ids: string[] | undefined, cls: string) =>
          (ids ?? []).forEach((id) => {
            if (registry.get(id)) canvas.addMarker(id, cls);
          });
        mark(state?.doneNodes, 'venue-done');
        mark(state?.rejectedNodes, 'venue-rejected');
        mark(state?.activeNodes, 'venue-active');
        mark(state?.takenFlows, 'venue-flow-taken');
      })
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [xml, state]);

  const tasks = hover ? (state?.tasks ?? []).filter((x) => x.nodeId === hover.id) : [];
  const events = hover
    ? (state?.timeline ?? []).filter((x) => x.nodeId === hover.id && (x.action || x.comment))
    : [];
  const status = hover
    ? state?.activeNodes?.includes(hover.id)
      ? 'active'
      : state?.rejectedNodes?.includes(hover.id)
        ? 'rejected'
        : state?.doneNodes?.includes(hover.id)
          ? 'done'
          : undefined
    : undefined;

  return (
    <div>
      <div className="venue-bpmn-viewer" style={{ height }}>
        <div ref={container} style={{ width: '100%', height: '100%' }} data-testid="bpmn-viewer" />
        {error && <Empty description={error} />}
        {hover && (status || tasks.length > 0) && (
          <div
            className="venue-bpmn-card"
            style={{ left: hover.x, top: hover.y }}
            data-testid="bpmn-hover-card"
          >
            <b>{hover.name}</b>
            {status && <div>{t(`process.state.node.${status}`)}</div>}
            {tasks.map((task) => (
              <div key={task.id} style={{ marginTop: 4 }}>
                <div>
                  {t('process.task.assignee')}:{' '}
                  {task.assigneeName || (task.claimable ? t('process.task.unclaimed') : '-')}
                </div>
                <div>
                  {t('process.common.createdAt')}: {formatDate(task.createdAt)}
                </div>
                {task.closedAt && (
                  <div>
                    {t('process.task.closedAt')}: {formatDate(task.closedAt)}
                  </div>
                )}
                {task.outcome && (
                  <div>
                    {t('process.task.outcome')}: {t(`process.outcome.${task.outcome}`)}
                  </div>
                )}
              </div>
            ))}
            {events.slice(-3).map((ev) => (
              <div key={ev.seq} style={{ marginTop: 4, opacity: 0.8 }}>
                {ev.actorName} · {ev.action ? t(`process.action.${ev.action}`) : ''}{' '}
                {ev.comment ? `“${ev.comment}”` : ''}
              </div>
            ))}
          </div>
        )}
      </div>
      {state && (
        <div className="venue-bpmn-legend">
          <span>
            <i style={{ background: '#389e0d' }} />
            {t('process.state.node.done')}
          </span>
          <span>
            <i style={{ background: '#1677ff' }} />
            {t('process.state.node.active')}
          </span>
          <span>
            <i style={{ background: '#cf1322' }} />
            {t('process.state.node.rejected')}
          </span>
        </div>
      )}
    </div>
  );
};

export default BpmnViewer;
