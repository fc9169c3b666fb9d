import { Alert, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { FtpTestResult } from '@fonrisk/contracts';
import { FTP_MESSAGES as M } from '../messages.ts';

/** "Bağlantıyı sına": each step with its outcome, and what failed in Turkish. */
export function TestResultModal({
  name,
  result,
  onClose,
}: {
  name: string;
  result: FtpTestResult | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={result !== null} onClose={onClose} title={M.testTitle(name)} size="lg">
      {result !== null && (
        <Stack gap="sm" data-testid="ftp-test-result">
          <Alert color={result.ok ? 'green' : 'red'} title={result.ok ? M.testOk : M.testFailed}>
            {result.message}
          </Alert>
          <List spacing={4} size="sm">
            {result.steps.map((step) => (
              <List.Item
                key={step.label}
                icon={
                  <ThemeIcon size={16} radius="xl" color={step.ok ? 'green' : 'red'}>
                    <span aria-hidden>{step.ok ? '✓' : '✗'}</span>
                  </ThemeIcon>
                }
              >
                <Text size="sm" fw={500}>
                  {step.label}
                </Text>
                {step.detail !== null && (
                  <Text size="xs" c="dimmed">
                    {step.detail}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
          {result.hostKeyFingerprint !== null && (
            <Text size="xs" c="dimmed">
              {M.hostKey}: {result.hostKeyFingerprint}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
