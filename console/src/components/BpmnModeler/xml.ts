/** Pure helpers around the BPMN XML the modeler edits (unit-tested). */
import descriptor from './venue.json';

export const VENUE_NS = 'http://venueplatform.io/schema/bpmn/1.0';
export const venueDescriptor = descriptor;

/** Settings a user task can offer (venue:actions). */
export const TASK_ACTIONS = [
  'approve',
  'reject',
  'return',
  'transfer',
  'delegate',
  'addSigner',
  'comment',
  'claim',
] as const;

export const ASSIGNEE_STRATEGIES = [
  'user',
  'role',
  'orgLeader',
  'initiator',
  'initiatorLeader',
  'formField',
  'expression',
] as const;

export const MULTI_MODES = ['all', 'any', 'ratio', 'sequential'] as const;
export const TIMEOUT_ACTIONS = ['remind', 'autoApprove', 'autoReject'] as const;
export const REJECT_MODES = ['end', 'return', 'continue'] as const;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A new model: one start event, with our namespace declared. */
export function emptyDiagram(processId = 'Process_1', name = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:venue="${VENUE_NS}" id="Definitions_1" targetNamespace="http://venueplatform.io/bpmn">
  <bpmn:process id="${escapeXml(processId)}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${escapeXml(processId)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** Comma list -> trimmed items. */
export const splitList = (v: string | undefined | null): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const joinList = (items: string[] | undefined): string | undefined =>
  items?.length ? items.join(',') : undefined;

interface BusinessObject {
  $type: string;
  id: string;
  get: (name: string) => any;
  flowElements?: BusinessObject[];
  extensionElements?: { values?: any[] };
}

/**
 * The form bindings the server keeps beside the XML, derived from the XML
 * (the start event's and each user task's venue:formKey), so both always agree.
 */
export function bindingsFromDefinitions(definitions: { rootElements?: BusinessObject[] }): {
  start: string;
  tasks: Record<string, string>;
} {
  const out = { start: '', tasks: {} as Record<string, string> };
  const walk = (elements: BusinessObject[] = []) =>
    elements.forEach((el) => {
      const key = el.get?.('venue:formKey') as string | undefined;
      if (el.$type === 'bpmn:StartEvent' && key && !out.start) out.start = key;
      if (el.$type === 'bpmn:UserTask' && key) out.tasks[el.id] = key;
      if (el.flowElements) walk(el.flowElements);
    });
  (definitions.rootElements ?? [])
    .filter((r) => r.$type === 'bpmn:Process')
    .forEach((p) => {
      walk(p.flowElements);
    });
  return out;
}

/** Field permissions of a user task's business object. */
export function readFieldPerms(bo: BusinessObject): Record<string, string> {
  const out: Record<string, string> = {};
  (bo.extensionElements?.values ?? [])
    .filter((v) => v.$type === 'venue:FieldPermissions')
    .forEach((fp) => {
      for (const f of fp.fields ?? []) if (f.name) out[f.name] = f.access || 'write';
    });
  return out;
}
