/**
 * Browser scenario of issue 11, registered by run.mjs: a script that would build a terabyte
 * string fails its node instead of the server; the administrator sees "Failed at <node>:
 * <reason>" in the instance drawer and retries it after fixing the variable.
 */
import assert from 'node:assert/strict';
import path from 'node:path';

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

export default function registerProcessFailureTests({
  test,
  newPage,
  loginToWorkbench,
  baseUrl,
  ADMIN,
  WAITER,
  shots,
}) {
  async function token(user, passwords) {
    for (const password of passwords) {
      const res = await fetch(`${baseUrl}/api/sys/loginMobileMcc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: user, password }),
      });
      const body = await res.json();
      if (body.code === 10000) return body.result.token;
    }
    throw new Error(`${user} cannot log in`);
  }

  async function call(tok, method, url, data) {
    const res = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: { Authorization: tok, 'Content-Type': 'application/json', currentLocale: 'en_US' },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const body = await res.json();
    assert.equal(body.code, 10000, `${method} ${url}: ${body.msg}`);
    return body.result;
  }

  test('process: a failed node shows its reason and an administrator retries it', async () => {
    const stamp = Date.now().toString(36);
    const key = `e2e_banner_${stamp}`;
    const title = `Banner ${stamp}`;
    const admin = await token(ADMIN.user, [ADMIN.password]);
    const saved = await call(admin, 'POST', '/process/model', {
      name: title,
      key,
      bpmnXml: BANNER(key),
    });
    assert.deepEqual(saved.issues, []);
    await call(admin, 'POST', `/process/model/${saved.id}/deploy`);
    const waiter = await token(WAITER.user, WAITER.passwords);
    await call(waiter, 'POST', '/process/instance/start', {
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
}
