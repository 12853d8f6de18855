import { Link } from 'react-router-dom';

/** Footer links. */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer">
        <Link to="/contact">Contact Us</Link>
        <Link to="/termsofuse">Terms of Use</Link>
        <Link to="/privacypolicy">Privacy Policy</Link>
      </nav>
      <p>Locker Room 345 · donated clothing and footwear for students</p>
    </footer>
  );
}
