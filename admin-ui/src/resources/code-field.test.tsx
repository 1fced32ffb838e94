// @vitest-environment jsdom
// A record's code reads as its label in the console's language (Korean by default); a code the table lacks reads as
// itself, never blank.
import { cleanup, render, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, test } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { CodeField, codeChoices, type CodeFieldProps } from './code-field';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

const ko = consoleKo.codes;

function renderField(record: Record<string, unknown>, props: CodeFieldProps) {
  return render(
    <ConsoleTestContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={{ id: 1, ...record }}>
        <CodeField {...props} />
      </RecordContextProvider>
    </ConsoleTestContext>,
  );
}

describe('CodeField', () => {
  afterEach(() => cleanup());

  test('a known code shows its Korean label', async () => {
    renderField({ status: 'COMPLETED' }, { source: 'status', family: 'missionStatus' });
    expect(await screen.findByText(ko.missionStatus.COMPLETED)).toBeTruthy();
    expect(screen.queryByText('COMPLETED')).toBeNull();
  });

  test('an unknown code shows the code itself', async () => {
    renderField({ status: 'ARCHIVED' }, { source: 'status', family: 'missionStatus' });
    expect(await screen.findByText('ARCHIVED')).toBeTruthy();
  });

  test('a list of codes shows one chip per label, unknown ones as themselves', async () => {
    renderField({ roles: ['ROLE_OPERATOR', 'ROLE_AUDITOR'] }, { source: 'roles', family: 'role' });
    expect(await screen.findByText(ko.role.ROLE_OPERATOR)).toBeTruthy();
    expect(screen.getByText('ROLE_AUDITOR')).toBeTruthy();
  });

  test('no value shows the empty text', async () => {
    renderField(
      { rejectionReason: null },
      { source: 'rejectionReason', family: 'missionRejectionReason', emptyText: '-' },
    );
    expect(await screen.findByText('-')).toBeTruthy();
  });
});

describe('codeChoices', () => {
  test("a family's codes, or the ones given, each named by the key of its label", () => {
    const named = (choices: { id: string; name: string }[]) =>
      choices.map(({ id, name }) => [id, i18nProvider.translate(name)]);
    expect(named(codeChoices('gradeProposalStatus'))).toEqual([
      ['PROPOSED', ko.gradeProposalStatus.PROPOSED],
      ['CONFIRMED', ko.gradeProposalStatus.CONFIRMED],
    ]);
    expect(named(codeChoices('role', ['ROLE_FINANCE']))).toEqual([['ROLE_FINANCE', ko.role.ROLE_FINANCE]]);
  });
});
