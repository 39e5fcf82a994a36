import { BACK_OFFICE_TOAST_DURATIONS, MAX_TOASTS, TOAST_DURATIONS, pushToast, type Toast } from './Toasts';

const toast = (id: number): Toast => ({ id, kind: 'blank', message: `t${id}`, duration: 4000 });

describe('toasts', () => {
  it('keeps at most 20, dropping the oldest', () => {
    let list: Toast[] = [];
    for (let i = 1; i <= 25; i++) list = pushToast(list, toast(i));
    expect(MAX_TOASTS).toBe(20);
    expect(list).toHaveLength(20);
    expect(list[0]!.id).toBe(6);
    expect(list[19]!.id).toBe(25);
  });

  it('shows blank and error toasts for 4 s and success toasts for 2 s in the family app', () => {
    expect(TOAST_DURATIONS).toEqual({ blank: 4000, error: 4000, success: 2000 });
  });

  it('shows every toast for 4 s in the back office', () => {
    expect(BACK_OFFICE_TOAST_DURATIONS).toEqual({ blank: 4000, error: 4000, success: 4000 });
  });
});
