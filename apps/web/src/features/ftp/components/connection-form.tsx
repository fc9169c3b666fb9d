import { useState, type ChangeEvent, type SubmitEvent } from 'react';
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
  normaliseRemoteFolder,
  remoteFolderProblem,
  type FtpAuthMethod,
  type FtpConnection,
  type FtpPassiveMode,
  type FtpProtocol,
} from '@fonrisk/contracts';
import { useFieldErrors } from '../../../components/forms/use-field-errors.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveConnection } from '../api/save-connection.ts';
import { FTP_MESSAGES as M } from '../messages.ts';
import { labelOptions } from '../../../components/forms/field-values.ts';

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

type Secret = 'password' | 'privateKey' | 'passphrase';

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
  const { errors, accept } = useFieldErrors<Field>();
  const isSftp = protocol === 'sftp';
  const isFtps = protocol === 'ftps-explicit' || protocol === 'ftps-implicit';

  const changeProtocol = (next: FtpProtocol): void => {
    // Propose the protocol's usual port while the port is still the previous protocol's.
    if (port === FTP_DEFAULT_PORTS[protocol]) setPort(FTP_DEFAULT_PORTS[next]);
    if (next !== 'sftp') setAuthMethod('password');
    setProtocol(next);
  };

  /** The props every text field of the form shares: its contract name, value, setter and error. */
  const text = (field: Field, value: string, set: (v: string) => void) => ({
    name: field,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(e.currentTarget.value),
    error: errors[field],
  });

  /**
   * A folder field: its refusal as soon as it is typed, else the normalised path the server
   * will be asked for (a relative processed folder under the inbound one), as its description.
   */
  const folder = (
    field: Field,
    value: string,
    set: (v: string) => void,
    { under, help }: { under?: string; help?: string } = {},
  ) => {
    const trimmed = value.trim();
    const problem = trimmed === '' ? null : remoteFolderProblem(trimmed);
    let path = problem === null && trimmed !== '' ? normaliseRemoteFolder(trimmed) : null;
    if (path !== null && under !== undefined && !path.startsWith('/')) {
      const base = under.trim();
      if (base !== '' && remoteFolderProblem(base) === null)
        path = normaliseRemoteFolder(`${base}/${path}`);
    }
    return {
      ...text(field, value, set),
      error: errors[field] ?? problem ?? undefined,
      description:
        [help, path === null ? undefined : M.remotePath(path)].filter(Boolean).join(' ') ||
        undefined,
    };
  };

  /** The props of a secret field: its stored state and the tick that clears it. */
  const secretField = (field: Secret, value: string, set: (v: string) => void) => ({
    name: field,
    value,
    onChange: set,
    stored: connection === null ? null : connection[`${field}Set`],
    clear: clear[field],
    onClear: (v: boolean) => setClear((c) => ({ ...c, [field]: v })),
    error: errors[field],
  });

  /** A new value, null to clear, undefined to keep. */
  const secret = (value: string, cleared: boolean): string | null | undefined =>
    cleared ? null : value === '' ? undefined : value;

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const request = accept(
      FtpConnectionRequestSchema.safeParse({
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
      }),
    );
    if (request === null) return;
    save.mutate(
      { id: connection?.id ?? null, request },
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
        <TextInput label={M.name} {...text('name', name, setName)} required />
        <Select
          label={M.protocol}
          name="protocol"
          data={labelOptions(FTP_PROTOCOL_LABELS)}
          value={protocol}
          onChange={(v) => v !== null && changeProtocol(v as FtpProtocol)}
          allowDeselect={false}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label={M.host} {...text('host', host, setHost)} required />
        <NumberInput
          label={M.port}
          name="port"
          value={port}
          onChange={setPort}
          min={1}
          max={65535}
          allowDecimal={false}
          error={errors.port}
          required
        />
        <TextInput
          label={M.username}
          {...text('username', username, setUsername)}
          autoComplete="off"
          required
        />
      </Group>
      {isSftp && (
        <Select
          label={M.authMethod}
          name="authMethod"
          data={labelOptions(FTP_AUTH_METHOD_LABELS)}
          value={authMethod}
          onChange={(v) => v !== null && setAuthMethod(v as FtpAuthMethod)}
          error={errors.authMethod}
          allowDeselect={false}
        />
      )}
      {authMethod === 'password' ? (
        <SecretInput label={M.password} {...secretField('password', password, setPassword)} />
      ) : (
        <Group grow align="flex-start">
          <SecretInput
            label={M.privateKey}
            {...secretField('privateKey', privateKey, setPrivateKey)}
            multiline
          />
          <SecretInput
            label={M.passphrase}
            {...secretField('passphrase', passphrase, setPassphrase)}
          />
        </Group>
      )}
      {isFtps && (
        <Textarea
          label={M.tlsCaCertificate}
          description={M.tlsCaCertificateHelp}
          {...text('tlsCaCertificate', tlsCa, setTlsCa)}
          autosize
          minRows={2}
          maxRows={6}
        />
      )}
      <Group grow align="flex-start">
        <TextInput label={M.inboundDir} {...folder('inboundDir', inboundDir, setInboundDir)} />
        <TextInput label={M.outboundDir} {...folder('outboundDir', outboundDir, setOutboundDir)} />
        <TextInput
          label={M.processedDir}
          {...folder('processedDir', processedDir, setProcessedDir, {
            under: inboundDir,
            help: M.processedDirHelp,
          })}
        />
      </Group>
      <Group grow align="flex-start">
        {!isSftp && (
          <Select
            label={M.passiveMode}
            name="passiveMode"
            data={labelOptions(FTP_PASSIVE_MODE_LABELS)}
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
          error={errors.timeoutSeconds}
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
          error={errors.retries}
        />
        <TextInput
          label={M.scheduleTime}
          description={M.scheduleTimeHelp}
          placeholder="07:30"
          {...text('scheduleTime', scheduleTime, setScheduleTime)}
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
