/**
 * Browser scenarios of the process console (issue 6):
 * an administrator designs a three-field form, imports and edits a model (start -> manager
 * approval -> exclusive gateway on the amount -> finance approval -> end) in the modeler,
 * binds the form and deploys it; demo_waiter starts it, demo_admin (candidate role
 * merchant_admin) claims and approves, demo_manager (assignee) approves; the administrator
 * sees the finished instance with every node coloured done.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { apiAs } from './_api.mjs';
import { ACTION_TIMEOUT, ADMIN, WAITER, baseUrl, expect, loginToWorkbench, shots, test, unique } from './_fixtures.mjs';

const MODEL_XML = (processId) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs_e2e" targetNamespace="http://venueplatform.io/bpmn">
  <bpmn:process id="${processId}" name="Expense" isExecutable="true">
    <bpmn:startEvent id="start" name="Requested" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="manager" />
    <bpmn:userTask id="manager" name="Manager approval" />
    <bpmn:sequenceFlow id="f_mgr" sourceRef="manager" targetRef="gw" />
    <bpmn:exclusiveGateway id="gw" name="Amount?" />
    <bpmn:sequenceFlow id="f_big" name="big" sourceRef="gw" targetRef="finance" />
    <bpmn:sequenceFlow id="f_small" name="small" sourceRef="gw" targetRef="end" />
    <bpmn:userTask id="finance" name="Finance approval" />
    <bpmn:sequenceFlow id="f_fin" sourceRef="finance" targetRef="end" />
    <bpmn:endEvent id="end" name="Approved" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_e2e">
    <bpmndi:BPMNPlane id="Plane_e2e" bpmnElement="${processId}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="manager_di" bpmnElement="manager"><dc:Bounds x="240" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="gw_di" bpmnElement="gw" isMarkerVisible="true"><dc:Bounds x="395" y="175" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="finance_di" bpmnElement="finance"><dc:Bounds x="500" y="60" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="662" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f_start_di" bpmnElement="f_start"><di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_mgr_di" bpmnElement="f_mgr"><di:waypoint x="340" y="200" /><di:waypoint x="395" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_big_di" bpmnElement="f_big"><di:waypoint x="420" y="175" /><di:waypoint x="420" y="100" /><di:waypoint x="500" y="100" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_small_di" bpmnElement="f_small"><di:waypoint x="445" y="200" /><di:waypoint x="662" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_fin_di" bpmnElement="f_fin"><di:waypoint x="600" y="100" /><di:waypoint x="680" y="100" /><di:waypoint x="680" y="182" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

const stamp = unique();

test.describe.configure({ mode: 'parallel' });
const formKey = `e2e_expense_${stamp}`;
const modelKey = `e2e_expense_${stamp}`;
const modelName = `E2E expense ${stamp}`;
const title = `Team dinner ${stamp}`;

const toast = (page, text) =>
  page.locator('.ant-message').getByText(text, { exact: false }).first();

/** Picks an option of an antd Select by typing and clicking it. */
async function choose(page, select, text) {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

const formItem = (scope, label) =>
  scope
    .locator('.ant-formily-item')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .first();

async function selectElement(page, id) {
  // what a click on the shape does (the palette may cover shapes near the left edge)
  await page.evaluate((elementId) => {
    const m = window.__venueModeler;
    m.get('selection').select(m.get('elementRegistry').get(elementId));
  }, id);
  try {
    await expect(page.getByTestId('prop-id')).toHaveValue(id, { timeout: 15_000 });
  } catch (e) {
    await page.screenshot({ path: path.join(shots, `process-select-${id}.png`) });
    throw e;
  }
}

async function approveFirstTodo(page, who, { claim }) {
  await page.goto(`${baseUrl}/process/user/tasks`);
  const row = page.locator('.ant-table-row').filter({ hasText: title }).first();
  await row.waitFor({ timeout: ACTION_TIMEOUT });
  await row.locator('a[data-testid^="task-open-"]').click();
  await page.getByTestId('task-detail').waitFor();
  if (claim) {
    await page.getByTestId('task-action-claim').click();
    await toast(page, 'Claim: done').waitFor();
  }
  await page.getByTestId('task-action-approve').click();
  await page.getByTestId('task-comment').fill(`approved by ${who}`);
  await page.getByTestId('task-action-confirm').click();
  await toast(page, 'Approve: done').waitFor();
}

test('process: design a form, model and deploy; three users start and approve; the instance is done', async ({ newPage }) => {
  // ---- the administrator designs the form
  const admin = await newPage();
  const page = admin.page;
  page.setDefaultTimeout(ACTION_TIMEOUT);
  await loginToWorkbench(page, ADMIN.user, ADMIN.password);
  await page.goto(`${baseUrl}/process/form`);
  await page.getByTestId('form-new').click();
  await page.getByTestId('form-key').fill(formKey);
  await page.getByTestId('form-name').fill('Expense request');
  const fields = [
    ['input', 'reason', 'Reason', true],
    ['money', 'amount', 'Amount', true],
    ['date', 'spendDate', 'Spent on', false],
  ];
  for (const [kind, name, label, required] of fields) {
    await page.getByTestId(`palette-${kind}`).click();
    await page.getByTestId('prop-title').fill(label);
    await page.getByTestId('prop-name').fill(name);
    if (required) await page.getByTestId('prop-required').click();
    await page.getByTestId(`canvas-node-${name}`).waitFor();
  }
  // reorder and back: the canvas order is the schema order
  await page.getByTestId('canvas-node-spendDate').click();
  await page.getByTestId('node-up').click();
  await page.getByTestId('node-down').click();
  await page.getByTestId('form-json').click();
  const schema = JSON.parse(await page.getByTestId('json-text').inputValue());
  assert.deepEqual(Object.keys(schema.properties), ['reason', 'amount', 'spendDate']);
  assert.equal(schema.properties.amount['x-component'], 'Money');
  assert.equal(schema.properties.reason.required, true);
  await page.screenshot({ path: path.join(shots, 'process-form-json.png') });
  await page.locator('.ant-modal-close').first().click();
  await page.getByTestId('json-text').waitFor({ state: 'hidden' });
  await page.getByTestId('form-preview').click();
  await page.getByTestId('preview-submit').click();
  await page.locator('.ant-drawer .ant-formily-item-error-help').first().waitFor();
  await page.locator('.ant-drawer-close').click();
  await page.locator('.ant-drawer-content-wrapper').first().waitFor({ state: 'hidden' });
  await page.getByTestId('form-save').click();
  await toast(page, 'Form saved as version 1').waitFor();

  // ---- the model: import, edit in the properties panel, save, deploy
  await page.goto(`${baseUrl}/process/model`);
  await page.getByTestId('model-new').click();
  await page.getByTestId('model-key').fill(modelKey);
  await page.getByTestId('model-name').fill(modelName);
  await page.locator('input[type=file][accept*=".bpmn"]').setInputFiles({
    name: 'expense.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(MODEL_XML(`Process_${stamp}`)),
  });
  await page.locator('.djs-element[data-element-id="finance"]').first().waitFor();

  await selectElement(page, 'start');
  await choose(page, page.getByTestId('prop-formKey'), formKey);

  await selectElement(page, 'manager');
  await choose(page, page.getByTestId('prop-strategy'), 'Role');
  await page.getByTestId('prop-candidateRoles').click();
  await page.keyboard.type('merchant_admin');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');

  await selectElement(page, 'finance');
  await choose(page, page.getByTestId('prop-strategy'), 'Specific user');
  await page.getByTestId('prop-assignee').fill('demo_manager');
  await page.getByTestId('prop-assignee').press('Enter');

  await selectElement(page, 'f_big');
  await page.getByTestId('prop-condition').fill('${amount > 1000}');
  await page.getByTestId('prop-condition').press('Enter');
  await selectElement(page, 'f_small');
  await page.getByTestId('prop-default').click();

  const xml = await page.evaluate(
    async () => (await window.__venueModeler.saveXML({ format: true })).xml,
  );
  assert.match(xml, /xmlns:venue="http:\/\/venueplatform\.io\/schema\/bpmn\/1\.0"/);
  assert.match(xml, new RegExp(`venue:formKey="${formKey}"`));
  assert.match(xml, /venue:candidateRoles="merchant_admin"/);
  assert.match(xml, /venue:assignee="demo_manager"/);
  assert.match(xml, /\$\{amount &gt; 1000\}/);
  assert.match(xml, /default="f_small"/);

  await page.getByTestId('model-save').click();
  await toast(page, 'Model saved').waitFor();
  await page.getByTestId('model-deploy').click();
  await toast(page, `Deployed ${modelKey} version 1`).waitFor();
  await page.screenshot({ path: path.join(shots, 'process-model.png') });

  // a broken model: the server's issue lands on the element it names
  await selectElement(page, 'gw');
  await page.evaluate(() => {
    const m = window.__venueModeler;
    const gw = m.get('elementRegistry').get('gw');
    m.get('modeling').updateProperties(gw, { default: undefined });
    const flow = m.get('elementRegistry').get('f_big');
    m.get('modeling').updateProperties(flow, { conditionExpression: undefined });
  });
  await page.getByTestId('model-save').click();
  const marked = await page
    .locator('.djs-element.venue-has-issue')
    .first()
    .waitFor({ timeout: ACTION_TIMEOUT })
    .then(() => true)
    .catch(() => false);
  await page.getByTestId('bpmn-undo').click();
  await page.getByTestId('bpmn-undo').click();
  await page.getByTestId('model-save').click();
  await toast(page, 'Model saved').waitFor();
  assert.ok(
    marked,
    'the server issue of the gateway without a condition or default is marked on the diagram',
  );

  // ---- demo_waiter starts it from the inbox with the start form
  const waiter = await newPage();
  waiter.page.setDefaultTimeout(ACTION_TIMEOUT);
  await loginToWorkbench(waiter.page, WAITER.user, WAITER.password);
  await waiter.page.goto(`${baseUrl}/process/user/tasks`);
  await waiter.page.getByTestId('inbox-start').click();
  await choose(waiter.page, waiter.page.getByTestId('start-choose'), modelName);
  const modal = waiter.page
    .locator('.ant-modal')
    .filter({ has: waiter.page.getByTestId('start-submit') });
  await modal.waitFor();
  await waiter.page.getByTestId('start-title').fill(title);
  // required fields are checked in the browser first
  await waiter.page.getByTestId('start-submit').click();
  await modal.locator('.ant-formily-item-error-help').first().waitFor();
  await formItem(modal, 'Reason').locator('input').fill('Team dinner after the launch');
  await formItem(modal, 'Amount').locator('input').fill('2000');
  await waiter.page.getByTestId('start-submit').click();
  await toast(waiter.page, 'Process started').waitFor();
  await waiter.page.getByTestId('tab-started').click();
  await waiter.page.locator('.ant-table-row').filter({ hasText: title }).first().waitFor();
  await waiter.context.close();

  // ---- demo_admin (merchant_admin) claims and approves the manager step
  const manager = await newPage();
  manager.page.setDefaultTimeout(ACTION_TIMEOUT);
  await loginToWorkbench(manager.page, 'demo_admin', 'Demo@12345');
  await manager.page.getByTestId('todo-badge').waitFor();
  await approveFirstTodo(manager.page, 'demo_admin', { claim: true });
  await manager.context.close();

  // ---- demo_manager (assignee) approves the finance step
  const finance = await newPage();
  finance.page.setDefaultTimeout(ACTION_TIMEOUT);
  await loginToWorkbench(finance.page, 'demo_manager', 'Demo@12345');
  await approveFirstTodo(finance.page, 'demo_manager', { claim: false });
  await finance.context.close();

  // ---- the administrator sees the finished instance, every node done
  const done = page.locator('.ant-table-row').filter({ hasText: title }).first();
  await expect(async () => {
    await page.goto(`${baseUrl}/process/instance`);
    await expect(done.locator('[data-testid^="state-"]')).toHaveAttribute(
      'data-testid',
      'state-completed',
      { timeout: 5000 },
    );
  }).toPass({ timeout: 60_000 });
  await page
    .locator('.ant-table-row')
    .filter({ hasText: title })
    .first()
    .locator('a[data-testid^="instance-open-"]')
    .click();
  await page.getByTestId('instance-detail').waitFor();
  for (const id of ['start', 'manager', 'gw', 'finance', 'end']) {
    await page.locator(`.djs-element.venue-done[data-element-id="${id}"]`).first().waitFor();
  }
  for (const id of ['f_start', 'f_mgr', 'f_big', 'f_fin']) {
    await page
      .locator(`.djs-connection.venue-flow-taken[data-element-id="${id}"]`)
      .first()
      .waitFor({ state: 'attached' });
  }
  assert.equal(
    await page.locator('.djs-element.venue-active, .djs-element.venue-rejected').count(),
    0,
  );
  // hover card: who approved
  await page.locator('.djs-element[data-element-id="finance"]').first().hover();
  await page.getByTestId('bpmn-hover-card').getByText('Approved').first().waitFor();
  await page.screenshot({ path: path.join(shots, 'process-instance-done.png') });
  await page.locator('.ant-drawer .ant-tabs-tab').filter({ hasText: 'Timeline' }).click();
  await page.getByText('approved by demo_manager').first().waitFor();
  await page.getByText('approved by demo_admin').first().waitFor();
  await admin.context.close();
});

test("process: a module's own process offers no start; a refused start shows the server message", async ({ newPage }) => {
  // The sign-up review is the onboarding module's: tagged, and no Start link.
  const { context, page } = await newPage();
  await loginToWorkbench(page, ADMIN.user, ADMIN.password);
  await page.goto(`${baseUrl}/process/definition?key=merchant_signup`);
  await page.getByTestId('definition-system-merchant_signup-1').waitFor();
  assert.equal(await page.getByTestId('definition-start-merchant_signup-1').count(), 0);
  await context.close();

  // A designer's start form with a field the engine writes itself (outcome):
  // the browser sends it, the server refuses it, and the dialog says why.
  const admin = await apiAs(baseUrl, ADMIN.user, ADMIN.password);
  const key = `e2e_reserved_${stamp}`;
  await admin('POST', '/process/form', {
    key,
    name: `Reserved ${stamp}`,
    schema: {
      type: 'object',
      properties: {
        outcome: {
          type: 'string',
          title: 'Outcome',
          'x-decorator': 'FormItem',
          'x-component': 'Input',
        },
      },
    },
  });
  const saved = await admin('POST', '/process/model', {
    name: `Reserved ${stamp}`,
    key,
    bpmnXml: MODEL_XML(key)
      .replace(
        '<bpmn:startEvent id="start" name="Requested" />',
        `<bpmn:startEvent id="start" name="Requested" venue:formKey="${key}" />`,
      )
      .replace(
        '<bpmn:userTask id="manager" name="Manager approval" />',
        '<bpmn:userTask id="manager" name="Manager approval" venue:assignee="demo_admin" />',
      )
      .replace(
        '<bpmn:userTask id="finance" name="Finance approval" />',
        '<bpmn:userTask id="finance" name="Finance approval" venue:assignee="demo_admin" />',
      )
      .replace(
        'name="big" sourceRef="gw" targetRef="finance" />',
        'name="big" sourceRef="gw" targetRef="finance"><bpmn:conditionExpression>${outcome == \'big\'}</bpmn:conditionExpression></bpmn:sequenceFlow>',
      )
      .replace(
        'id="Defs_e2e"',
        'id="Defs_e2e" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"',
      )
      .replace(
        '<bpmn:exclusiveGateway id="gw" name="Amount?" />',
        '<bpmn:exclusiveGateway id="gw" name="Amount?" default="f_small" />',
      ),
  });
  assert.deepEqual(saved.issues, []);
  await admin('POST', `/process/model/${saved.id}/deploy`);

  const waiter = await newPage();
  await loginToWorkbench(waiter.page, WAITER.user, WAITER.password);
  await waiter.page.goto(`${baseUrl}/process/user/tasks`);
  await waiter.page.getByTestId('inbox-start').click();
  await choose(waiter.page, waiter.page.getByTestId('start-choose'), `Reserved ${stamp}`);
  const modal = waiter.page
    .locator('.ant-modal')
    .filter({ has: waiter.page.getByTestId('start-submit') });
  await formItem(modal, 'Outcome').locator('input').fill('big');
  await waiter.page.getByTestId('start-submit').click();
  await modal
    .locator('.ant-alert-error')
    .getByText('is set by the process itself', { exact: false })
    .waitFor();
  await waiter.page.screenshot({ path: path.join(shots, 'process-start-refused.png') });
  await waiter.context.close();
});
