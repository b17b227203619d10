declare module 'diagram-js-minimap';
declare module 'bpmn-moddle';
