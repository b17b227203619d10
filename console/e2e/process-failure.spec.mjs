/**
 * Browser scenario of issue 11: a script that would build a terabyte
 * string fails its node instead of the server; the administrator sees "Failed at <node>:
 * <reason>" in the instance drawer and retries it after fixing the variable.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { EN, apiAs } from './_api.mjs';
import { ADMIN, WAITER, baseUrl, loginToWorkbench, shots, test, unique } from './_fixtures.mjs';

const BANNER = (key) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" id="d" targetNamespace="t">
 <bpmn:process id="${key}" isExecutable="true">
  <bpmn:startEvent id="start"/>
  <bpmn:scriptTask id="calc" name="Size the banner" scriptFormat="expr" venue:result="size"><bpmn:script>len(repeat(repeat("a", 999999), n))</bpmn:script></bpmn:scriptTask>
  <bpmn:userTask id="print" name="Print the banner" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="calc"/>
  <bpmn:sequenceFlow id="f2" sourceRef="calc" targetRef="print"/>
  <bpmn:sequenceFlow id="f3" sourceRef="print" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`;

test('process: a failed node shows its reason and an administrator retries it', async ({ newPage }) => {
  const stamp = unique();
  const key = `e2e_banner_${stamp}`;
  const title = `Banner ${stamp}`;
  const admin = await apiAs(baseUrl, ADMIN.user, ADMIN.password, EN);
  const saved = await admin('POST', '/process/model', {
    name: title,
    key,
    bpmnXml: BANNER(key),
  });
  assert.deepEqual(saved.issues, []);
  await admin('POST', `/process/model/${saved.id}/deploy`);
  const waiter = await apiAs(baseUrl, WAITER.user, WAITER.password, EN);
  await waiter('POST', '/process/instance/start', {
    definitionKey: key,
    title,
    variables: { n: 1000000 },
  });

  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await page.goto(`${baseUrl}/process/instance`);
  const row = page.locator('.ant-table-row').filter({ hasText: title }).first();
  await row.waitFor();
  await row.locator('[data-testid="state-failed"]').waitFor();
  await row.locator('a[data-testid^="instance-open-"]').click();
  const failure = page.getByTestId('instance-failure');
  await failure
    .getByText('Failed at Size the banner: script: expression budget exceeded')
    .waitFor();
  await page.getByTestId('instance-cancel').waitFor(); // a failed instance can be cancelled too
  await page.screenshot({ path: path.join(shots, 'process-instance-failed.png') });
  await page.getByTestId('instance-retry').click();
  await page.getByTestId('instance-retry-variables').fill('{"n": 2}');
  await page.getByTestId('instance-retry-ok').click();
  await page.locator('.ant-message').getByText('The failed step ran again').waitFor();
  await failure.waitFor({ state: 'detached' });
  await page
    .locator('.ant-drawer [data-testid="instance-summary"] [data-testid="state-running"]')
    .waitFor();
  await context.close();
});
