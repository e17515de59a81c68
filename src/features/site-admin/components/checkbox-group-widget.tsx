import { useT } from '@engine/react';
import { ariaDescribedByIds, optionId, type WidgetProps } from '@rjsf/utils';
import styles from './users.module.css';

/**
 * The checkboxes of a schema form's multiple choice (an array of `oneOf` items), as a group
 * named after the field. rjsf's own widget points its label at a plain `div`, which leaves the
 * group without a name for screen readers.
 */
export function CheckboxGroupWidget(props: WidgetProps) {
  const { t } = useT();
  const { id, label, options, disabled, readonly, onChange } = props;
  const value: unknown = props.value;
  const choices = options.enumOptions ?? [];
  const selected = new Set<unknown>(Array.isArray(value) ? value : []);

  const toggle = (choice: unknown, on: boolean) => {
    if (on) selected.add(choice);
    else selected.delete(choice);
    // In the order of the choices, so the same selection always reads the same.
    onChange(choices.map((c) => c.value as unknown).filter((v) => selected.has(v)));
  };

  return (
    <div
      id={id}
      role="group"
      aria-label={t(label)}
      aria-describedby={ariaDescribedByIds(id)}
      className={styles.checkboxes}
    >
      {choices.map((choice, index) => (
        <label key={String(choice.value)} className={styles.checkbox}>
          <input
            type="checkbox"
            id={optionId(id, index)}
            checked={selected.has(choice.value)}
            disabled={disabled || readonly}
            onChange={(event) => toggle(choice.value, event.target.checked)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
