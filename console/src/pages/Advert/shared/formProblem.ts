/** A problem found in a form: where (antd name path) and which message (locale key + values). */
export interface FormProblem {
  name: (string | number)[];
  key: string;
  values?: Record<string, string | number>;
}
