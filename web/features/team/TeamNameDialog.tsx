import { useMutation } from '@tanstack/react-query';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for a team's name: a new team (no `initial`) or a rename. */
export function TeamNameDialog({ open, initial, onSubmit, onClose }: { open: boolean; initial?: string; onSubmit: (name: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial ?? '');
  const [error, setError] = useState('');
  // The caller saves and alerts; `false` keeps the dialog open.
  const save = useMutation({
    mutationFn: onSubmit,
    onSuccess: (done) => {
      if (done) onClose();
    },
  });
  const submit = () => {
    if (name.trim() === '') {
      setError(t('teams.nameRequired'));
      return;
    }
    save.mutate(name.trim());
  };
  return (
    <Modal
      open={open}
      title={initial === undefined ? t('teams.createTitle') : t('teams.renameTitle')}
      okText={t('teams.save')}
      cancelText={t('teams.cancel')}
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        aria-label={t('teams.name')}
        placeholder={t('teams.name')}
        value={name}
        maxLength={100}
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError('');
        }}
        onPressEnter={submit}
        autoFocus
      />
      {error && <div role="alert" className="ant-form-item-explain-error">{error}</div>}
    </Modal>
  );
}
