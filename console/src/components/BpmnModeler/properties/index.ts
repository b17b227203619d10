import ProcessSection from './ProcessSection';
import StartEventSection from './StartEventSection';
import UserTaskAssigneeSection from './UserTaskAssigneeSection';
import UserTaskFormSection from './UserTaskFormSection';
import UserTaskBehaviourSection from './UserTaskBehaviourSection';
import UserTaskMultiSection from './UserTaskMultiSection';
import ServiceTaskSection from './ServiceTaskSection';
import ScriptTaskSection from './ScriptTaskSection';
import CallActivitySection from './CallActivitySection';
import SequenceFlowSection from './SequenceFlowSection';
import TimerEventSection from './TimerEventSection';
import MessageEventSection from './MessageEventSection';
import BoundaryEventSection from './BoundaryEventSection';
import GatewaySection from './GatewaySection';
import { is, processOf, type Any, type Section } from './section';

/** Applies to elements of any of these BPMN types. */
const kind =
  (...types: string[]) =>
  (bo: Any) =>
    types.some((type) => is(bo, type));
/** Applies to events whose (first) definition is of this type. */
const event = (type: string) => (bo: Any) => is(bo.eventDefinitions?.[0], type);
const isProcess = kind('bpmn:Process', 'bpmn:Collaboration');

const section = (key: string, applies: Section['applies'], Body: Section['Body']): Section => ({
  key,
  label: `process.model.section.${key}`,
  applies,
  Body,
});

/**
 * The panel's sections in the order they show: which element kinds each applies to and the
 * component that edits them (one file each). The console's side of the engine's
 * one-function-per-element table (workflows/engine); an element shows every section that
 * applies to it (a boundary timer: timer and boundary).
 */
export const SECTIONS: Section[] = [
  section('process', (bo) => isProcess(bo) && Boolean(processOf(bo)), ProcessSection),
  section('form', kind('bpmn:StartEvent'), StartEventSection),
  section('assignee', kind('bpmn:UserTask'), UserTaskAssigneeSection),
  section('form', kind('bpmn:UserTask'), UserTaskFormSection),
  section('behaviour', kind('bpmn:UserTask'), UserTaskBehaviourSection),
  section('multi', kind('bpmn:UserTask'), UserTaskMultiSection),
  section('service', kind('bpmn:ServiceTask'), ServiceTaskSection),
  section('script', kind('bpmn:ScriptTask'), ScriptTaskSection),
  section('call', kind('bpmn:CallActivity'), CallActivitySection),
  section('condition', kind('bpmn:SequenceFlow'), SequenceFlowSection),
  section('timer', event('bpmn:TimerEventDefinition'), TimerEventSection),
  section('message', event('bpmn:MessageEventDefinition'), MessageEventSection),
  section('boundary', kind('bpmn:BoundaryEvent'), BoundaryEventSection),
  section('gateway', kind('bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway'), GatewaySection),
];
