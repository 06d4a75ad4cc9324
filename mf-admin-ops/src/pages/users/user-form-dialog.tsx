import { useEffect, useState } from 'react';
import {
  CreateUserBody,
  ROLE_LABELS,
  ROLES,
  UpdateUserBody,
  USER_TEXTS,
  type Role,
  type User,
} from '@mastering/contracts';
import { Button, checkForm, Dialog, Input, Label, Select, serverErrorText, toast } from '@mastering/ui';
import { useUserMutations } from '../../api/users';

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;
type Values = { firstName: string; lastName: string; email: string; role: Role; isActive: 'true' | 'false' };
const EMPTY: Values = { firstName: '', lastName: '', email: '', role: 'customer', isActive: 'true' };

/** Create New User (no user given) or Edit User (with the status field), checked with the server's schemas. */
export function UserFormDialog({ open, user, onClose }: { open: boolean; user: User | null; onClose: () => void }) {
  const { create, update } = useUserMutations();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    if (open) {
      setValues(
        user
          ? {
              firstName: user.firstName ?? '',
              lastName: user.lastName ?? '',
              email: user.email,
              role: user.role,
              isActive: user.isActive,
            }
          : EMPTY,
      );
      setErrors({});
    }
  }, [open, user]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    if (user) {
      const checked = checkForm(UpdateUserBody, values);
      if (!checked.ok) return setErrors(checked.fieldErrors);
      update.mutate(
        { id: user.id, body: checked.data },
        {
          onSuccess: () => (toast({ title: USER_TEXTS.updated }), onClose()),
          onError: (e) =>
            toast({ title: USER_TEXTS.updateFailed(serverErrorText(e, 'unknown error')), variant: 'destructive' }),
        },
      );
    } else {
      const checked = checkForm(CreateUserBody, values);
      if (!checked.ok) return setErrors(checked.fieldErrors);
      create.mutate(checked.data, {
        onSuccess: () => (toast({ title: USER_TEXTS.created }), onClose()),
        onError: (e) =>
          toast({ title: USER_TEXTS.createFailed(serverErrorText(e, 'unknown error')), variant: 'destructive' }),
      });
    }
  };

  const field = (key: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <div className="space-y-2">
      <Label htmlFor={`user-${key}`}>{label}</Label>
      <Input
        id={`user-${key}`}
        type={type}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={!!errors[key]}
        data-testid={`user-${key}`}
      />
      {errors[key] && (
        <p className="text-sm text-destructive" data-testid={`user-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  );
  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onClose={onClose} title={user ? 'Edit User' : 'Create New User'} data-testid="user-dialog">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
        </div>
        {field('email', 'Email', 'email')}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label>Role</Label>
            <Select
              value={values.role}
              onChange={(v) => set('role', v)}
              options={ROLE_OPTIONS}
              data-testid="user-role"
            />
          </div>
          {user && (
            <div className="space-y-2">
              <Label>Status</Label>
              <Select
                value={values.isActive}
                onChange={(v) => set('isActive', v)}
                options={STATUS_OPTIONS}
                data-testid="user-status"
              />
            </div>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} data-testid="user-save">
            {user ? 'Save Changes' : 'Create User'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
