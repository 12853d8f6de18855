import { useQuery } from '@tanstack/react-query';
import type { StudentCheck } from '@lr/contracts';
import { apiFetch } from '../../../lib/api';

/** How many requests this school's student received this school year, and what follows from it. */
export function useStudentCheck(studentId: string) {
  return useQuery({
    queryKey: ['student-check', studentId],
    // POST: the student id stays out of URLs (and so out of logs).
    queryFn: () =>
      apiFetch<StudentCheck & { success: true }>('/api/v1/order/student-check', {
        method: 'POST',
        body: { studentId },
      }),
    enabled: studentId.trim() !== '',
    staleTime: 0,
  });
}
