import { Form } from 'antd';
import React from 'react';
import LazyInput from './LazyInput';
import { t, is, type SectionProps, type Any } from './section';

/** A message event: the message it waits for (created when new). */
const MessageEventSection: React.FC<SectionProps> = ({
  modeler,
  modeling,
  moddle,
  target,
  eventDef,
}) => {
  const definitions = modeler.getDefinitions();
  const messages: Any[] = (definitions.rootElements ?? []).filter((r: Any) =>
    is(r, 'bpmn:Message'),
  );
  return (
    <Form.Item
      label={t('process.model.prop.messageName')}
      tooltip={t('process.model.help.message')}
    >
      <LazyInput
        value={eventDef.messageRef?.name}
        onCommit={(name) => {
          if (!name) {
            modeling.updateModdleProperties(target, eventDef, { messageRef: undefined });
            return;
          }
          let msg = messages.find((m) => m.name === name);
          if (!msg) {
            msg = moddle.create('bpmn:Message', {
              id: `Message_${Math.random().toString(36).slice(2, 9)}`,
              name,
            });
            msg.$parent = definitions;
            definitions.rootElements.push(msg);
          }
          modeling.updateModdleProperties(target, eventDef, { messageRef: msg });
        }}
      />
    </Form.Item>
  );
};

export default MessageEventSection;
