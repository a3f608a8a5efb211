import { useMutation } from '@tanstack/react-query';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Transfer: the receiver's username and my login password (seed 000 §5). */
export function TeamTransferDialog({ open, teamName, onSubmit, onClose }: { open: boolean; teamName: string; onSubmit: (username: string, password: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  // The caller transfers and alerts; `false` keeps the dialog open.
  const transfer = useMutation({
    mutationFn: (to: { username: string; password: string }) => onSubmit(to.username, to.password),
    onSuccess: (done) => {
      if (done) onClose();
    },
  });
  const submit = () => {
    if (username.trim() === '') return setError(t('teams.receiverRequired'));
    if (password === '') return setError(t('teams.passwordRequired'));
    transfer.mutate({ username: username.trim(), password });
  };
  return (
    <Modal
      open={open}
      title={t('teams.transferTitle', { name: teamName })}
      okText={t('teams.transfer')}
      cancelText={t('teams.cancel')}
      onOk={submit}
      confirmLoading={transfer.isPending}
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
        onPressEnter={submit}
      />
      {error && <div role="alert" className="ant-form-item-explain-error">{error}</div>}
    </Modal>
  );
}
