import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  /** Prefixes the field ids, so two forms with a `password` field never share an id. */
  name: string;
  form: FormInstance<Values>;
  onSubmit: (values: Values) => void;
  onClose: () => void;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  okDisabled?: boolean;
  width?: number;
  initialValues?: Partial<Values>;
  children: ReactNode;
}

/**
 * A dialog that is one form: the OK button is the form's submit button, so Enter in any field submits
 * it (and runs the field rules first); Esc and the close button cancel.
 */
export function FormDialog<Values>({
  open,
  title,
  name,
  form,
  onSubmit,
  onClose,
  okText,
  danger,
  loading,
  okDisabled,
  width,
  initialValues,
  children,
}: FormDialogProps<Values>) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={okText}
      okButtonProps={{ htmlType: 'submit', danger, loading, disabled: okDisabled }}
      destroyOnHidden
      width={width}
      // A click beside the dialog should not throw away what was typed.
      mask={{ closable: false }}
      modalRender={(dialog) => (
        <Form<Values>
          form={form}
          name={name}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          onFinish={onSubmit}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
