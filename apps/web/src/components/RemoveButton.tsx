import { Button, Popconfirm } from 'antd';

/**
 * A row's small red button that removes something only once the user says yes: the question names what
 * goes, the yes button repeats the action in red, and the other one leaves it be.
 */
export function RemoveButton({
  title,
  label,
  cancelText,
  onConfirm,
  loading,
  disabled,
  testId,
}: {
  /** The question, naming what goes. */
  title: string;
  /** The action, on the button and on the confirming answer. */
  label: string;
  cancelText: string;
  onConfirm: () => void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Popconfirm
      title={title}
      okText={label}
      okButtonProps={{ danger: true }}
      cancelText={cancelText}
      onConfirm={onConfirm}
    >
      <Button size="small" danger loading={loading} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
