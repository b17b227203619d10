/**
 * bpmn-js Modeler with the venue moddle extension, minimap, keyboard, a toolbar (undo, redo,
 * zoom, import/export XML and SVG) and our properties panel. The server's validation issues
 * are shown on the elements they name (marker + overlay) and listed below the canvas.
 * Loaded only by the process pages (a lazy chunk).
 */
import {
  DownloadOutlined,
  ExpandOutlined,
  FileImageOutlined,
  RedoOutlined,
  UndoOutlined,
  UploadOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Alert, Button, List, Space, Tooltip, Upload } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import minimapModule from 'diagram-js-minimap';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import PropertiesPanel from './PropertiesPanel';
import { bindingsFromDefinitions, venueDescriptor } from './xml';
import type { FormBindings, ModelIssue, ProcessForm } from '@/services/process';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import 'diagram-js-minimap/assets/diagram-js-minimap.css';
import './bpmn.css';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

export interface BpmnModelerHandle {
  importXML: (xml: string) => Promise<string[]>;
  saveXML: () => Promise<string>;
  saveSVG: () => Promise<string>;
  bindings: () => FormBindings;
  showIssues: (issues: ModelIssue[]) => void;
  /** the bpmn-js instance (tests, advanced use) */
  modeler: () => any;
}

export interface BpmnModelerProps {
  forms: ProcessForm[];
  roles: { code: string; name: string }[];
  fileName?: string;
  height?: number | string;
}

function saveFile(content: string, name: string, type: string) {
  const href = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const BpmnModeler = forwardRef<BpmnModelerHandle, BpmnModelerProps>(
  ({ forms, roles, fileName = 'diagram', height = 'calc(100vh - 260px)' }, ref) => {
    const container = useRef<HTMLDivElement>(null);
    const modelerRef = useRef<any>();
    const issueOverlays = useRef<string[]>([]);
    const issueMarked = useRef<string[]>([]);
    const [ready, setReady] = useState(false);
    const [selected, setSelected] = useState<any>();
    const [issues, setIssues] = useState<ModelIssue[]>([]);

    useEffect(() => {
      const box = container.current;
      if (!box) return;
      const modeler = new (Modeler as any)({
        container: box,
        keyboard: { bind: true },
        additionalModules: [minimapModule],
        moddleExtensions: { venue: venueDescriptor },
      });
      modelerRef.current = modeler;
      (window as any).__venueModeler = modeler;
      const bus = modeler.get('eventBus');
      bus.on('import.done', () => setSelected(undefined));
      bus.on('selection.changed', (e: any) =>
        setSelected(e.newSelection?.length === 1 ? e.newSelection[0] : undefined),
      );
      bus.on('elements.changed', (e: any) => {
        // keep the selected element object current (ids may change)
        setSelected((cur: any) => (cur && e.elements.includes(cur) ? cur : cur));
      });
      // A model opens fitted to the canvas: the box may still be growing (a drawer sliding
      // open, the page's layout settling) when the XML is imported, so it is fitted again
      // while its size changes, until the user edits, pans or zooms.
      let touched = false;
      const touch = () => {
        touched = true;
      };
      bus.on(['commandStack.changed', 'canvas.viewbox.changing'], (e: any) => {
        if (e.type === 'commandStack.changed' || fitting === 0) touch();
      });
      bus.on('import.done', () => {
        touched = false;
      });
      let fitting = 0;
      const fit = () => {
        if (touched || box.clientWidth === 0 || box.clientHeight === 0 || !modeler.getDefinitions?.()) return;
        fitting += 1;
        try {
          const canvas = modeler.get('canvas');
          canvas.resized();
          canvas.zoom('fit-viewport', 'auto');
        } finally {
          fitting -= 1;
        }
      };
      const resize = new ResizeObserver(fit);
      resize.observe(box);
      box.addEventListener('wheel', touch, { passive: true });
      box.addEventListener('mousedown', touch);
      setReady(true);
      return () => {
        resize.disconnect();
        box.removeEventListener('wheel', touch);
        box.removeEventListener('mousedown', touch);
        modeler.destroy();
        if ((window as any).__venueModeler === modeler) delete (window as any).__venueModeler;
      };
    }, []);

    const clearIssues = () => {
      const m = modelerRef.current;
      if (!m) return;
      const overlays = m.get('overlays');
      const canvas = m.get('canvas');
      issueOverlays.current.forEach((id) => {
        overlays.remove(id);
      });
      issueMarked.current.forEach((id) => {
        try {
          canvas.removeMarker(id, 'venue-has-issue');
        } catch {
          /* element gone */
        }
      });
      issueOverlays.current = [];
      issueMarked.current = [];
    };

    const showIssues = (list: ModelIssue[]) => {
      clearIssues();
      setIssues(list);
      const m = modelerRef.current;
      if (!m) return;
      const registry = m.get('elementRegistry');
      const overlays = m.get('overlays');
      const canvas = m.get('canvas');
      const byElement = new Map<string, ModelIssue[]>();
      for (const i of list) byElement.set(i.elementId, [...(byElement.get(i.elementId) ?? []), i]);
      byElement.forEach((items, id) => {
        const el = registry.get(id);
        if (!el) return;
        canvas.addMarker(id, 'venue-has-issue');
        issueMarked.current.push(id);
        const badge = document.createElement('div');
        badge.className = 'venue-bpmn-issue';
        badge.textContent = String(items.length);
        badge.title = items.map((i) => i.message).join('\n');
        badge.setAttribute('data-testid', `issue-${id}`);
        issueOverlays.current.push(
          overlays.add(id, 'venue-issue', {
            position: el.waypoints ? { top: 0, left: 0 } : { top: -10, right: 10 },
            html: badge,
          }),
        );
      });
    };

    useImperativeHandle(ref, () => ({
      importXML: async (xml: string) => {
        clearIssues();
        setIssues([]);
        const { warnings } = await modelerRef.current.importXML(xml);
        // a box without a size (a hidden tab) cannot be fitted: the resize observer fits it when shown
        if (container.current && container.current.clientWidth > 0 && container.current.clientHeight > 0)
          modelerRef.current.get('canvas').zoom('fit-viewport', 'auto');
        return (warnings ?? []).map((w: any) => String(w.message ?? w));
      },
      saveXML: async () => (await modelerRef.current.saveXML({ format: true })).xml,
      saveSVG: async () => (await modelerRef.current.saveSVG()).svg,
      bindings: () => bindingsFromDefinitions(modelerRef.current.getDefinitions()),
      showIssues,
      modeler: () => modelerRef.current,
    }));

    const cmd = (name: string) => () => modelerRef.current?.get('commandStack')[name]();
    const zoom = (step: number) => () => modelerRef.current?.get('zoomScroll').stepZoom(step);
    const select = (id: string) => {
      const m = modelerRef.current;
      const el = m?.get('elementRegistry').get(id);
      if (el) {
        m.get('selection').select(el);
        m.get('canvas').scrollToElement(el);
      }
    };

    return (
      <div className="venue-bpmn">
        <Space wrap className="venue-bpmn-toolbar">
          <Tooltip title={t('process.model.undo')}>
            <Button icon={<UndoOutlined />} onClick={cmd('undo')} data-testid="bpmn-undo" />
          </Tooltip>
          <Tooltip title={t('process.model.redo')}>
            <Button icon={<RedoOutlined />} onClick={cmd('redo')} data-testid="bpmn-redo" />
          </Tooltip>
          <Tooltip title={t('process.model.zoomIn')}>
            <Button icon={<ZoomInOutlined />} onClick={zoom(1)} />
          </Tooltip>
          <Tooltip title={t('process.model.zoomOut')}>
            <Button icon={<ZoomOutOutlined />} onClick={zoom(-1)} />
          </Tooltip>
          <Tooltip title={t('process.model.fit')}>
            <Button
              icon={<ExpandOutlined />}
              onClick={() => modelerRef.current?.get('canvas').zoom('fit-viewport', 'auto')}
            />
          </Tooltip>
          <Upload
            accept=".bpmn,.xml,text/xml"
            showUploadList={false}
            beforeUpload={(file) => {
              file
                .text()
                .then((xml) => modelerRef.current.importXML(xml))
                .then(() => modelerRef.current.get('canvas').zoom('fit-viewport', 'auto'))
                .catch((e: Error) =>
                  feedback.error(t('process.model.importFailed', { error: e.message })),
                );
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="bpmn-import">
              {t('process.model.importXml')}
            </Button>
          </Upload>
          <Button
            icon={<DownloadOutlined />}
            onClick={async () =>
              saveFile(
                (await modelerRef.current.saveXML({ format: true })).xml,
                `${fileName}.bpmn`,
                'application/xml',
              )
            }
          >
            {t('process.model.exportXml')}
          </Button>
          <Button
            icon={<FileImageOutlined />}
            onClick={async () =>
              saveFile((await modelerRef.current.saveSVG()).svg, `${fileName}.svg`, 'image/svg+xml')
            }
          >
            {t('process.model.exportSvg')}
          </Button>
        </Space>
        <div className="venue-bpmn-body" style={{ height }}>
          <div className="venue-bpmn-canvas" ref={container} data-testid="bpmn-canvas" />
          <div className="venue-bpmn-panel">
            {ready && (
              <PropertiesPanel
                modeler={modelerRef.current}
                element={selected}
                forms={forms}
                roles={roles}
              />
            )}
          </div>
        </div>
        {issues.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 8 }}
            message={t('process.model.issues', { count: issues.length })}
            description={
              <List
                size="small"
                dataSource={issues}
                data-testid="model-issues"
                renderItem={(i) => (
                  <List.Item
                    style={{ cursor: 'pointer', padding: '2px 0' }}
                    onClick={() => select(i.elementId)}
                  >
                    <code>{i.elementId}</code>&nbsp;{i.message}
                  </List.Item>
                )}
              />
            }
          />
        )}
      </div>
    );
  },
);

export default BpmnModeler;
