import type React from 'react';
import type { ProcessForm } from '@/services/process';
import { formatMessage } from '@/utils/intl';

// bpmn-js and its moddle objects come without types.
export type Any = any;

export const t = (id: string) => formatMessage({ id });

/** Whether a moddle object is of a BPMN type (or a subtype). */
export const is = (bo: Any, type: string): boolean => Boolean(bo?.$instanceOf?.(type));

/** The process a process or collaboration (its first participant) stands for. */
export const processOf = (bo: Any): Any =>
  is(bo, 'bpmn:Process') ? bo : bo.participants?.[0]?.processRef;

/** What a section edits with: the element, bpmn-js' services and the panel's write helpers. */
export interface SectionProps {
  modeler: Any;
  modeling: Any;
  moddle: Any;
  /** the diagram element (shape or connection) */
  target: Any;
  /** its business object */
  bo: Any;
  /** an event's first event definition (timer, message) */
  eventDef: Any;
  forms: ProcessForm[];
  formOptions: { label: string; value: string }[];
  roles: { code: string; name: string }[];
  /** updates BPMN attributes through a bpmn-js command (undoable) */
  set: (props: Record<string, unknown>) => void;
  /** sets (or, when empty, removes) a `venue:` attribute */
  setVenue: (name: string, value: unknown) => void;
  venue: (name: string) => string | undefined;
  /** replaces the extension elements of one type */
  setExtension: (type: string, values: Any[] | undefined) => void;
}

/** One section of the panel: the element kinds it applies to and what it shows. */
export interface Section {
  key: string;
  /** locale key of its title */
  label: string;
  applies: (bo: Any) => boolean;
  Body: React.FC<SectionProps>;
}
