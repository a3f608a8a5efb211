import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from './ListState';

/** How a finished test reads: success or failure, a title and the server's words. */
export interface TestOutcomeView {
  ok: boolean;
  title: string;
  description: ReactNode;
}

interface SettingsTestRowProps<Result> {
  /** The test of the values as typed, not saved. */
  testing: UseMutationResult<Result, Error, void>;
  testLabel: string;
  /** The test row's label and help line. */
  label?: string;
  help: string;
  /** A field the test needs beside its button (LDAP: the user to look up). */
  input?: ReactNode;
  outcome: (result: Result) => TestOutcomeView;
  /** The server's refusal of the last save. */
  refusal: string | null;
  saving: boolean;
  saveLabel: string;
}

/**
 * The end of a settings form with a connection test (storage, LDAP): the test button, its failure or
 * outcome, the refusal of a save and the save button. The form's fields come before it.
 */
export function SettingsTestRow<Result>({ testing, testLabel, label, help, input, outcome, refusal, saving, saveLabel }: SettingsTestRowProps<Result>) {
  const button = (
    <Button onClick={() => testing.mutate()} loading={testing.isPending}>
      {testLabel}
    </Button>
  );
  return (
    <>
      <Form.Item label={label} extra={help}>
        {input ? (
          <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
            {input}
            {button}
          </Space.Compact>
        ) : (
          button
        )}
      </Form.Item>
      {testing.isError && <Alert className="admin-gap" type="error" showIcon title={errorText(testing.error)} role="alert" />}
      {testing.data !== undefined && <TestOutcome view={outcome(testing.data)} />}
      {refusal && <Alert className="admin-gap" type="error" showIcon title={refusal} role="alert" />}
      <Button type="primary" htmlType="submit" loading={saving}>
        {saveLabel}
      </Button>
    </>
  );
}

function TestOutcome({ view }: { view: TestOutcomeView }) {
  return (
    <Alert
      className="admin-gap"
      type={view.ok ? 'success' : 'error'}
      showIcon
      role={view.ok ? 'status' : 'alert'}
      title={view.title}
      description={view.description}
    />
  );
}
