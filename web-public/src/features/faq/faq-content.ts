/** The FAQ, grouped as public-site.md lists it; every stated fact appears in one answer. */
export interface FaqGroup {
  id: string;
  title: string;
  items: { question: string; answer: string }[];
}

export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: "booking",
    title: "Booking",
    items: [
      {
        question: "How do I book a clean?",
        answer:
          "Use our online booking form: choose your service, pick a date and start time and see your price as you go. It takes less than two minutes. Online bookings are requests until we confirm availability.",
      },
      {
        question: "How far ahead do I need to book steam cleaning?",
        answer: "Steam cleaning must be booked at least three days ahead, so we can bring the right equipment.",
      },
      {
        question: "Do you work on weekends?",
        answer: "Yes, we work on Saturdays. We are closed on Sundays.",
      },
      {
        question: "Can I reschedule my booking?",
        answer: "Yes. Changes are free up to 24 hours before your appointment.",
      },
    ],
  },
  {
    id: "payment",
    title: "Payment",
    items: [
      {
        question: "When will I be charged?",
        answer: "You are charged only after the job is completed.",
      },
      {
        question: "Do your prices include tax?",
        answer: "Yes. All prices include tax.",
      },
      {
        question: "Do you offer discounts for regular cleans?",
        answer: "Yes. Recurring services get a loyalty discount, applied from the second clean onwards.",
      },
      {
        question: "Is there a cancellation fee?",
        answer:
          "Please cancel with at least one business day’s notice, or a fee may apply. Changes or cancellations within 24 hours of the appointment may incur a 50% fee.",
      },
      {
        question: "What if the cleaner can’t find parking?",
        answer:
          "Please let us know where to park. If parking is not found within 20 minutes, a cancellation fee may apply.",
      },
    ],
  },
  {
    id: "service",
    title: "Service",
    items: [
      {
        question: "Are your cleaners police-checked?",
        answer: "Yes. All our cleaners are police-checked and fully insured.",
      },
      {
        question: "Do you clean windows?",
        answer: "We clean interior windows only.",
      },
      {
        question: "Do you clean balconies?",
        answer: "Yes, balcony cleaning is an optional extra you can add when you book.",
      },
      {
        question: "Will the cleaner tidy up before cleaning?",
        answer:
          "A light tidy is part of every clean. If your home needs more, an extended tidy-up is at most 30 minutes, so there’s plenty of time for the cleaning itself.",
      },
      {
        question: "What products do you use?",
        answer: "We use eco-safe products that are gentle on your home, your family and your pets.",
      },
      {
        question: "Is there a satisfaction guarantee?",
        answer:
          "Yes. If something isn’t right, tell us and we’ll make it right under our happiness guarantee. The guarantee does not apply to hourly bookings.",
      },
    ],
  },
];
