import { useState } from 'react';
import { CUSTOMER_TEXTS, MESSAGE_TYPES, SendMessageBody, type MessageType } from '@mastering/contracts';
import { Button, checkForm, Dialog, Input, Label, Select, serverErrorText, Textarea, toast } from '@mastering/ui';
import { useSendCustomerMessage } from '../../api/customers';

const TYPE_OPTIONS = MESSAGE_TYPES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));

/** The Send Message dialog: type (support by default), subject and message, sent through the mail pipeline. */
export function SendMessageDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const send = useSendCustomerMessage();
  const [type, setType] = useState<MessageType>('support');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setType('support');
    setSubject('');
    setMessage('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const checked = checkForm(SendMessageBody, { subject, message, type });
    if (!checked.ok || !email) return setError(checked.ok ? null : checked.message);
    setError(null);
    send.mutate(
      { email, body: checked.data },
      {
        onSuccess: () => {
          toast({ title: CUSTOMER_TEXTS.messageSent });
          close();
        },
        onError: (e) =>
          toast({
            title: CUSTOMER_TEXTS.messageFailed,
            description: serverErrorText(e, CUSTOMER_TEXTS.messageFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      open={!!email}
      onClose={close}
      title="Send Message"
      description={email ? `To ${email}` : undefined}
      data-testid="send-message-dialog"
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="space-y-2">
          <Label>Message Type</Label>
          <Select value={type} onChange={setType} options={TYPE_OPTIONS} data-testid="message-type" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="message-subject">Subject</Label>
          <Input
            id="message-subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            data-testid="message-subject"
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="message-body">Message</Label>
          <Textarea
            id="message-body"
            rows={6}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="message-body"
          />
        </div>
        {error && (
          <p className="text-sm text-destructive" role="alert" data-testid="message-error">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending} data-testid="message-send">
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
