import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Transfer: the receiver's username and my login password (seed 000 §5). */
export function TeamTransferDialog({ open, teamName, onSubmit, onClose }: { open: boolean; teamName: string; onSubmit: (username: string, password: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (username.trim() === '') return setError(t('teams.receiverRequired'));
    if (password === '') return setError(t('teams.passwordRequired'));
    setBusy(true);
    try {
      if (await onSubmit(username.trim(), password)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('teams.transferTitle', { name: teamName })}
      okText={t('teams.transfer')}
      cancelText={t('teams.cancel')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="dialog-muted">{t('teams.transferIntro')}</p>
      <Input aria-label={t('teams.receiver')} placeholder={t('teams.receiver')} value={username} onChange={(e) => {
          setUsername(e.target.value);
          setError('');
        }} autoComplete="off" />
      <Input.Password
        style={{ marginTop: 8 }}
        aria-label={t('teams.password')}
        placeholder={t('teams.password')}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError('');
        }}
        autoComplete="current-password"
        onPressEnter={() => void submit()}
      />
      {error && <div role="alert" className="ant-form-item-explain-error">{error}</div>}
    </Modal>
  );
}
