import { useState, type SubmitEvent } from 'react';
import {
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  FTP_AUTH_METHOD_LABELS,
  FTP_DEFAULTS,
  FTP_DEFAULT_PORTS,
  FTP_PASSIVE_MODE_LABELS,
  FTP_PROTOCOL_LABELS,
  FtpConnectionRequestSchema,
  type FtpAuthMethod,
  type FtpConnection,
  type FtpPassiveMode,
  type FtpProtocol,
} from '@fonrisk/contracts';
import { sentenceCase } from '../../../components/forms/sentence-case.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveConnection } from '../api/save-connection.ts';
import { FTP_MESSAGES as M } from '../messages.ts';

type Field =
  | 'name'
  | 'host'
  | 'port'
  | 'username'
  | 'authMethod'
  | 'password'
  | 'privateKey'
  | 'passphrase'
  | 'tlsCaCertificate'
  | 'inboundDir'
  | 'outboundDir'
  | 'processedDir'
  | 'timeoutSeconds'
  | 'retries'
  | 'scheduleTime';

const options = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A secret field: empty keeps the stored value (shown as set / not set), a tick clears it. */
function SecretInput({
  label,
  name,
  value,
  onChange,
  stored,
  clear,
  onClear,
  error,
  multiline = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  stored: boolean | null;
  clear: boolean;
  onClear: (v: boolean) => void;
  error?: string | undefined;
  multiline?: boolean;
}) {
  const description =
    stored === null
      ? undefined
      : `${stored ? M.secretSet : M.secretNotSet}. ${stored ? M.secretKeepHint : ''}`;
  return (
    <div>
      {multiline ? (
        <Textarea
          label={label}
          name={name}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          description={description}
          error={error}
          autosize
          minRows={3}
          maxRows={8}
          autoComplete="off"
          disabled={clear}
        />
      ) : (
        <PasswordInput
          label={label}
          name={name}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          description={description}
          error={error}
          autoComplete="new-password"
          disabled={clear}
        />
      )}
      {stored === true && (
        <Checkbox
          mt={4}
          size="xs"
          label={M.clearSecret}
          checked={clear}
          onChange={(e) => onClear(e.currentTarget.checked)}
        />
      )}
    </div>
  );
}

/** Create or edit a connection. Secrets are never shown; an empty secret field keeps the stored one. */
export function ConnectionForm({
  connection,
  onClose,
  onSaved,
}: {
  connection: FtpConnection | null;
  onClose: () => void;
  /** After a save, with the saved connection (the page shows its rules). */
  onSaved: (saved: FtpConnection) => void;
}) {
  const save = useSaveConnection();
  const [name, setName] = useState(connection?.name ?? '');
  const [protocol, setProtocol] = useState<FtpProtocol>(connection?.protocol ?? 'sftp');
  const [host, setHost] = useState(connection?.host ?? '');
  const [port, setPort] = useState<number | string>(connection?.port ?? FTP_DEFAULT_PORTS.sftp);
  const [username, setUsername] = useState(connection?.username ?? '');
  const [authMethod, setAuthMethod] = useState<FtpAuthMethod>(connection?.authMethod ?? 'password');
  const [password, setPassword] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [clear, setClear] = useState({ password: false, privateKey: false, passphrase: false });
  const [tlsCa, setTlsCa] = useState(connection?.tlsCaCertificate ?? '');
  const [inboundDir, setInboundDir] = useState(connection?.inboundDir ?? FTP_DEFAULTS.inboundDir);
  const [outboundDir, setOutboundDir] = useState(
    connection?.outboundDir ?? FTP_DEFAULTS.outboundDir,
  );
  const [processedDir, setProcessedDir] = useState(connection?.processedDir ?? '');
  const [passiveMode, setPassiveMode] = useState<FtpPassiveMode>(connection?.passiveMode ?? 'auto');
  const [timeoutSeconds, setTimeoutSeconds] = useState<number | string>(
    connection?.timeoutSeconds ?? FTP_DEFAULTS.timeoutSeconds,
  );
  const [retries, setRetries] = useState<number | string>(
    connection?.retries ?? FTP_DEFAULTS.retries,
  );
  const [scheduleTime, setScheduleTime] = useState(connection?.scheduleTime ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const isSftp = protocol === 'sftp';
  const isFtps = protocol === 'ftps-explicit' || protocol === 'ftps-implicit';

  const changeProtocol = (next: FtpProtocol): void => {
    // Propose the protocol's usual port while the port is still the previous protocol's.
    if (port === FTP_DEFAULT_PORTS[protocol]) setPort(FTP_DEFAULT_PORTS[next]);
    if (next !== 'sftp') setAuthMethod('password');
    setProtocol(next);
  };

  /** A new value, null to clear, undefined to keep. */
  const secret = (value: string, cleared: boolean): string | null | undefined =>
    cleared ? null : value === '' ? undefined : value;

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const parsed = FtpConnectionRequestSchema.safeParse({
      name,
      protocol,
      host,
      port: typeof port === 'number' ? port : Number.NaN,
      username,
      authMethod,
      password: secret(password, clear.password),
      privateKey: authMethod === 'privateKey' ? secret(privateKey, clear.privateKey) : undefined,
      passphrase: authMethod === 'privateKey' ? secret(passphrase, clear.passphrase) : undefined,
      tlsCaCertificate: isFtps && tlsCa.trim() !== '' ? tlsCa : null,
      inboundDir,
      outboundDir,
      processedDir: processedDir.trim() === '' ? null : processedDir,
      passiveMode,
      timeoutSeconds: typeof timeoutSeconds === 'number' ? timeoutSeconds : Number.NaN,
      retries: typeof retries === 'number' ? retries : Number.NaN,
      scheduleTime: scheduleTime.trim() === '' ? null : scheduleTime.trim(),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: connection?.id ?? null, request: parsed.data },
      {
        onSuccess: (saved) => {
          toastStore.show('success', M.saved(saved.name));
          onSaved(saved);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={connection === null ? M.createTitle : M.editTitle(connection.name)}
      size="xl"
      onSubmit={submit}
      onClose={onClose}
      messages={M}
      busy={save.isPending}
    >
      <Group grow align="flex-start">
        <TextInput
          label={M.name}
          name="name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={sentenceCase(errors.name)}
          required
        />
        <Select
          label={M.protocol}
          name="protocol"
          data={options(FTP_PROTOCOL_LABELS)}
          value={protocol}
          onChange={(v) => v !== null && changeProtocol(v as FtpProtocol)}
          allowDeselect={false}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={M.host}
          name="host"
          value={host}
          onChange={(e) => setHost(e.currentTarget.value)}
          error={sentenceCase(errors.host)}
          required
        />
        <NumberInput
          label={M.port}
          name="port"
          value={port}
          onChange={setPort}
          min={1}
          max={65535}
          allowDecimal={false}
          error={sentenceCase(errors.port)}
          required
        />
        <TextInput
          label={M.username}
          name="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={sentenceCase(errors.username)}
          autoComplete="off"
          required
        />
      </Group>
      {isSftp && (
        <Select
          label={M.authMethod}
          name="authMethod"
          data={options(FTP_AUTH_METHOD_LABELS)}
          value={authMethod}
          onChange={(v) => v !== null && setAuthMethod(v as FtpAuthMethod)}
          error={sentenceCase(errors.authMethod)}
          allowDeselect={false}
        />
      )}
      {authMethod === 'password' ? (
        <SecretInput
          label={M.password}
          name="password"
          value={password}
          onChange={setPassword}
          stored={connection?.passwordSet ?? null}
          clear={clear.password}
          onClear={(v) => setClear((c) => ({ ...c, password: v }))}
          error={sentenceCase(errors.password)}
        />
      ) : (
        <Group grow align="flex-start">
          <SecretInput
            label={M.privateKey}
            name="privateKey"
            value={privateKey}
            onChange={setPrivateKey}
            stored={connection?.privateKeySet ?? null}
            clear={clear.privateKey}
            onClear={(v) => setClear((c) => ({ ...c, privateKey: v }))}
            error={sentenceCase(errors.privateKey)}
            multiline
          />
          <SecretInput
            label={M.passphrase}
            name="passphrase"
            value={passphrase}
            onChange={setPassphrase}
            stored={connection?.passphraseSet ?? null}
            clear={clear.passphrase}
            onClear={(v) => setClear((c) => ({ ...c, passphrase: v }))}
            error={sentenceCase(errors.passphrase)}
          />
        </Group>
      )}
      {isFtps && (
        <Textarea
          label={M.tlsCaCertificate}
          description={M.tlsCaCertificateHelp}
          name="tlsCaCertificate"
          value={tlsCa}
          onChange={(e) => setTlsCa(e.currentTarget.value)}
          error={sentenceCase(errors.tlsCaCertificate)}
          autosize
          minRows={2}
          maxRows={6}
        />
      )}
      <Group grow align="flex-start">
        <TextInput
          label={M.inboundDir}
          name="inboundDir"
          value={inboundDir}
          onChange={(e) => setInboundDir(e.currentTarget.value)}
          error={sentenceCase(errors.inboundDir)}
        />
        <TextInput
          label={M.outboundDir}
          name="outboundDir"
          value={outboundDir}
          onChange={(e) => setOutboundDir(e.currentTarget.value)}
          error={sentenceCase(errors.outboundDir)}
        />
        <TextInput
          label={M.processedDir}
          description={M.processedDirHelp}
          name="processedDir"
          value={processedDir}
          onChange={(e) => setProcessedDir(e.currentTarget.value)}
          error={sentenceCase(errors.processedDir)}
        />
      </Group>
      <Group grow align="flex-start">
        {!isSftp && (
          <Select
            label={M.passiveMode}
            name="passiveMode"
            data={options(FTP_PASSIVE_MODE_LABELS)}
            value={passiveMode}
            onChange={(v) => v !== null && setPassiveMode(v as FtpPassiveMode)}
            allowDeselect={false}
          />
        )}
        <NumberInput
          label={M.timeoutSeconds}
          name="timeoutSeconds"
          value={timeoutSeconds}
          onChange={setTimeoutSeconds}
          min={1}
          max={600}
          allowDecimal={false}
          error={sentenceCase(errors.timeoutSeconds)}
        />
        <NumberInput
          label={M.retries}
          description={M.retriesHelp}
          name="retries"
          value={retries}
          onChange={setRetries}
          min={0}
          max={10}
          allowDecimal={false}
          error={sentenceCase(errors.retries)}
        />
        <TextInput
          label={M.scheduleTime}
          description={M.scheduleTimeHelp}
          name="scheduleTime"
          placeholder="07:30"
          value={scheduleTime}
          onChange={(e) => setScheduleTime(e.currentTarget.value)}
          error={sentenceCase(errors.scheduleTime)}
        />
      </Group>
      {connection !== null && isSftp && (
        <Text size="sm" c="dimmed">
          {M.hostKey}: {connection.hostKeyFingerprint ?? M.hostKeyNotPinned}
        </Text>
      )}
    </FormModal>
  );
}
