/** Submit a review: rating in half stars (0.5 to 5) and a comment. */
import { useState, type FormEvent } from 'react';
import { FORM_LIMITS, reviewBodySchema, UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { firstProblem } from '../../../lib/field-problems';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast';
import { usePutReview } from '../api/put-review';

const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5];
const LABELS = { rating: 'Rating', comment: 'Comment' };

export function ReviewDialog({ productId, onClose }: { productId: string; onClose(): void }) {
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState('');
  const review = usePutReview();
  const toast = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { productId, rating: Number(rating), comment };
    // The gateway's own rules (a rating in half steps, the comment's length and characters).
    const parsed = reviewBodySchema.safeParse(body);
    if (!parsed.success) return setProblem(firstProblem(parsed.error, LABELS));
    setProblem('');
    review.mutate(
      { productId, rating: parsed.data.rating, comment: parsed.data.comment },
      {
        onSuccess: () => {
          toast.success(UI_MESSAGES.reviewSubmitted);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <ModalDialog labelledBy="review-title" onCancel={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <h2 id="review-title">Submit Review</h2>
        <label htmlFor="review-rating">Rating</label>
        <select
          id="review-rating"
          required
          value={rating}
          onChange={(e) => setRating(e.target.value)}
        >
          <option value="">Choose a rating</option>
          {RATINGS.map((value) => (
            <option key={value} value={value}>
              {value} {value === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
        <label htmlFor="review-comment">Comment</label>
        <textarea
          id="review-comment"
          rows={4}
          required
          maxLength={FORM_LIMITS.reviewCommentMax}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={review.isPending}>
            Submit
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
