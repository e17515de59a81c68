/** One demo training: names of its terms, its organizations (1-based demo organizations). */
export interface DemoTraining {
  title: string;
  summary: string;
  language: 'en' | 'ar';
  topic: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  format: 'E-learning' | 'Classroom' | 'Webinar' | 'Blended';
  price: number | null;
  organizations?: number[];
  published?: boolean;
}

type Row = [
  title: string,
  summary: string,
  topic: string,
  level: DemoTraining['level'],
  format: DemoTraining['format'],
  price: number | null,
  organizations?: number[],
];

const english: Row[] = [
  [
    'Negotiation Masterclass: Winning Agreements',
    'Prepare for any negotiation, open strongly, trade concessions wisely and close deals with confidence.',
    'Communication',
    'Advanced',
    'Classroom',
    149,
  ],
  [
    'Leading Hybrid Teams with Confidence',
    'Set clear rhythms, build trust across locations and keep everyone included, wherever they work.',
    'Leadership',
    'Intermediate',
    'Blended',
    null,
  ],
  [
    'Data Literacy Essentials',
    'Read charts critically, ask better questions of numbers and explain what the data really says.',
    'Data literacy',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Spotting Phishing Before It Hooks You',
    'Recognise suspicious messages, links and attachments, and know exactly what to do when in doubt.',
    'Cyber security',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Generative AI at Work: Practical Prompting',
    'Write prompts that get useful drafts, check the results and keep sensitive information safe.',
    'Artificial intelligence basics',
    'Beginner',
    'Webinar',
    49,
  ],
  [
    'GDPR in Everyday Practice',
    'What personal data is, when you may process it and how to handle requests from the people it describes.',
    'Compliance',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Resilience and Stress Management',
    'Understand how stress works, notice early signals and build habits that help you recover.',
    'Wellbeing',
    'Beginner',
    'Webinar',
    null,
  ],
  [
    'Giving Feedback That Lands',
    'Use simple models to give specific, kind and useful feedback, and to receive it gracefully.',
    'Communication',
    'Intermediate',
    'Classroom',
    79,
  ],
  [
    'Coaching Conversations for Managers',
    'Ask powerful questions, listen actively and help your team members find their own solutions.',
    'Leadership',
    'Intermediate',
    'Blended',
    129,
  ],
  [
    'Storytelling with Data Dashboards',
    'Design dashboards that answer real questions and guide your audience from insight to action.',
    'Data literacy',
    'Intermediate',
    'E-learning',
    59,
  ],
  [
    'Secure Passwords and Multi-Factor Authentication',
    'Create strong passphrases, use a password manager and switch on a second factor everywhere.',
    'Cyber security',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Machine Learning Concepts Without the Maths',
    'How models learn from examples, why they make mistakes and how to judge whether one is good enough.',
    'Artificial intelligence basics',
    'Intermediate',
    'E-learning',
    69,
  ],
  [
    'Anti-Bribery and Corruption Awareness',
    'Gifts, hospitality and conflicts of interest: where the lines are and how to speak up.',
    'Compliance',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Mindful Focus in a Busy Day',
    'Short attention exercises that calm the mind and protect deep work from constant interruptions.',
    'Wellbeing',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Presenting with Impact',
    'Structure a talk, open strongly, use slides sparingly and handle questions with ease.',
    'Communication',
    'Intermediate',
    'Classroom',
    99,
  ],
  [
    'Strategic Thinking for New Leaders',
    'Look beyond the next quarter: scan trends, weigh options and turn a strategy into priorities.',
    'Leadership',
    'Advanced',
    'Classroom',
    199,
  ],
  [
    'Spreadsheet Skills for Analysts',
    'Lookups, pivot tables and clean data structures that make every report faster and more reliable.',
    'Data literacy',
    'Intermediate',
    'E-learning',
    39,
  ],
  [
    'Incident Response Fundamentals',
    'Detect, contain and recover from security incidents with a calm, rehearsed playbook.',
    'Cyber security',
    'Advanced',
    'Blended',
    179,
  ],
  [
    'Responsible AI and Ethics',
    'Bias, transparency and accountability: questions to ask before an automated decision reaches people.',
    'Artificial intelligence basics',
    'Intermediate',
    'Webinar',
    null,
  ],
  [
    'Health and Safety Induction for Clinics',
    'Infection control, safe handling and emergency procedures for everyone working on a clinical site.',
    'Compliance',
    'Beginner',
    'E-learning',
    null,
    [2],
  ],
  [
    'Sleep, Energy and Performance',
    'The science of rest and practical routines that keep your energy steady through the week.',
    'Wellbeing',
    'Intermediate',
    'Webinar',
    29,
  ],
  [
    'Writing Clear Business Emails',
    'Subject lines that get read, messages that get answered and a tone that fits the situation.',
    'Communication',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Managing Change in Organisations',
    'Lead people through uncertainty: make the case for change, involve early and sustain momentum.',
    'Leadership',
    'Advanced',
    'Blended',
    159,
  ],
  [
    'SQL Basics for Business Users',
    'Select, filter, join and summarise tables so you can answer your own questions from the database.',
    'Data literacy',
    'Beginner',
    'E-learning',
    49,
  ],
  [
    'Protecting Customer Data in the Cloud',
    'Shared responsibility, access control and encryption choices for cloud services you rely on.',
    'Cyber security',
    'Intermediate',
    'Webinar',
    89,
  ],
  [
    'Automating Routine Tasks with AI Assistants',
    'Find repetitive work worth automating and build small, reliable helpers with assistant tools.',
    'Artificial intelligence basics',
    'Intermediate',
    'Blended',
    99,
  ],
  [
    'Warehouse Safety and Forklift Awareness',
    'Safe routes, load limits and pedestrian zones that keep every shift on the warehouse floor safe.',
    'Compliance',
    'Beginner',
    'Classroom',
    null,
    [3],
  ],
  [
    'Supply Chain Planning Fundamentals',
    'Demand, inventory and lead times: plan stock levels that keep customers served without waste.',
    'Data literacy',
    'Intermediate',
    'Blended',
    null,
    [3],
  ],
  [
    'Patient Communication Skills',
    'Explain care plans clearly, show empathy under pressure and involve patients in decisions.',
    'Communication',
    'Intermediate',
    'Classroom',
    null,
    [2],
  ],
  [
    'Clinical Data Privacy',
    'Confidentiality of health records, lawful sharing between teams and handling data breaches.',
    'Compliance',
    'Advanced',
    'E-learning',
    null,
    [2],
  ],
  [
    'Consulting Proposal Writing',
    'Turn a client brief into a persuasive proposal with a clear scope, approach and fee.',
    'Communication',
    'Advanced',
    'Webinar',
    119,
    [4],
  ],
  [
    'Public Sector Procurement Rules',
    'Thresholds, tenders and fair competition: buying goods and services for public bodies correctly.',
    'Compliance',
    'Intermediate',
    'E-learning',
    null,
    [5],
  ],
  [
    'Inclusive Leadership',
    'Recognise bias, widen participation and create a team where different voices shape decisions.',
    'Leadership',
    'Intermediate',
    'Webinar',
    null,
  ],
  [
    'Running Effective Meetings',
    'Fewer, shorter and better meetings: agendas, roles, decisions and follow-up that sticks.',
    'Communication',
    'Beginner',
    'Webinar',
    null,
  ],
  [
    'Time Management and Prioritisation',
    'Plan your week around what matters most and say no to the rest without guilt.',
    'Wellbeing',
    'Beginner',
    'E-learning',
    19,
  ],
  [
    'Introduction to Cyber Threat Modelling',
    'Map assets, attackers and attack paths to decide which defences deserve your budget first.',
    'Cyber security',
    'Advanced',
    'Classroom',
    189,
  ],
  [
    'Forecasting with Simple Statistics',
    'Moving averages, seasonality and error measures for forecasts you can explain to anyone.',
    'Data literacy',
    'Advanced',
    'E-learning',
    79,
  ],
  [
    'Building a Culture of Recognition',
    'Everyday ways to notice good work, celebrate progress and keep motivation high.',
    'Leadership',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Conflict Resolution in Teams',
    'Spot tension early, mediate fairly and turn disagreements into better shared decisions.',
    'Communication',
    'Intermediate',
    'Blended',
    89,
  ],
  [
    'Ergonomics for Desk Workers',
    'Set up chair, screen and keyboard to prevent strain, and build movement into long days.',
    'Wellbeing',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'Route Optimisation for Logistics Teams',
    'Plan delivery routes with data: time windows, vehicle capacity and trade-offs between cost and service.',
    'Data literacy',
    'Advanced',
    'Classroom',
    139,
    [3, 4],
  ],
  [
    'Cross-Border Shipping Compliance',
    'Customs documents, restricted goods and duties: move freight across borders without delays.',
    'Compliance',
    'Intermediate',
    'Webinar',
    69,
    [3],
  ],
];

const arabic: Row[] = [
  [
    'أساسيات القيادة الفعالة',
    'تعرّف على مبادئ القيادة الحديثة وكيف تلهم فريقك وتحدد الأولويات وتتخذ قرارات واضحة.',
    'Leadership',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'مهارات التواصل في بيئة العمل',
    'تواصل بوضوح واحترام مع زملائك ومديريك، واستمع بفاعلية لتبني علاقات عمل قوية.',
    'Communication',
    'Beginner',
    'Webinar',
    null,
  ],
  [
    'مقدمة في تحليل البيانات',
    'اقرأ الجداول والرسوم البيانية بثقة واستخرج منها نتائج تساعد فريقك على اتخاذ القرار.',
    'Data literacy',
    'Beginner',
    'E-learning',
    39,
  ],
  [
    'الأمن السيبراني للموظفين',
    'احمِ حساباتك وأجهزتك من الاحتيال الإلكتروني والبرمجيات الخبيثة بخطوات بسيطة يومية.',
    'Cyber security',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'الذكاء الاصطناعي في الحياة المهنية',
    'اكتشف كيف تستخدم أدوات الذكاء الاصطناعي لتوفير الوقت مع الحفاظ على جودة العمل وسرية المعلومات.',
    'Artificial intelligence basics',
    'Beginner',
    'Webinar',
    49,
  ],
  [
    'الامتثال وأخلاقيات العمل',
    'افهم القواعد والسياسات التي تحمي المؤسسة وكيف تتصرف بنزاهة في المواقف الصعبة.',
    'Compliance',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'إدارة الضغوط والصحة النفسية',
    'تعرّف على علامات الضغط المبكرة وتعلّم عادات بسيطة تساعدك على التوازن والتعافي.',
    'Wellbeing',
    'Beginner',
    'Webinar',
    null,
  ],
  [
    'فن الإلقاء والعرض',
    'نظّم عرضك التقديمي وابدأ بقوة وتعامل مع أسئلة الجمهور بهدوء وثقة.',
    'Communication',
    'Intermediate',
    'Classroom',
    89,
  ],
  [
    'بناء فرق العمل عالية الأداء',
    'حدد أدوار الفريق بوضوح وابنِ الثقة المتبادلة وحوّل الأهداف المشتركة إلى نتائج ملموسة.',
    'Leadership',
    'Intermediate',
    'Blended',
    119,
  ],
  [
    'التفكير النقدي وحل المشكلات',
    'حلّل المشكلات من جذورها وقيّم البدائل بموضوعية واختر الحل الأنسب بثقة.',
    'Communication',
    'Intermediate',
    'E-learning',
    59,
  ],
  [
    'إدارة الوقت بذكاء',
    'خطط لأسبوعك حول ما يهم فعلاً وتخلص من المشتتات لتنجز أكثر بجهد أقل.',
    'Wellbeing',
    'Beginner',
    'E-learning',
    null,
  ],
  [
    'حماية الخصوصية والبيانات الشخصية',
    'متى يجوز جمع البيانات الشخصية ومعالجتها وكيف تتعامل مع طلبات أصحابها بشكل صحيح.',
    'Compliance',
    'Intermediate',
    'E-learning',
    null,
  ],
  [
    'لوحات المعلومات وتصوير البيانات',
    'صمّم لوحات معلومات واضحة تجيب عن أسئلة حقيقية وتقود جمهورك من الفكرة إلى القرار.',
    'Data literacy',
    'Intermediate',
    'E-learning',
    69,
  ],
  [
    'خدمة العملاء المتميزة',
    'افهم احتياجات العملاء وتعامل مع الشكاوى باحترافية لتحوّل كل تجربة إلى فرصة.',
    'Communication',
    'Beginner',
    'Classroom',
    null,
  ],
  [
    'القيادة في أوقات التغيير',
    'قُد فريقك خلال فترات عدم اليقين واشرح أسباب التغيير وحافظ على الحماس والالتزام.',
    'Leadership',
    'Advanced',
    'Classroom',
    179,
  ],
  [
    'التعلم الآلي للمبتدئين',
    'كيف تتعلم النماذج من الأمثلة ولماذا تخطئ أحياناً وكيف تحكم على جودتها دون معادلات معقدة.',
    'Artificial intelligence basics',
    'Intermediate',
    'E-learning',
    79,
  ],
  [
    'السلامة في المستودعات',
    'مسارات آمنة وحدود الأحمال ومناطق المشاة التي تحمي كل فرد في أرض المستودع.',
    'Compliance',
    'Beginner',
    'Classroom',
    null,
    [3],
  ],
  [
    'التواصل مع المرضى',
    'اشرح خطط العلاج بوضوح وأظهر التعاطف تحت الضغط وأشرك المرضى في قراراتهم.',
    'Communication',
    'Intermediate',
    'Webinar',
    null,
    [2],
  ],
  [
    'إدارة المشاريع الرشيقة',
    'خطط للمشاريع على مراحل قصيرة وتكيّف مع التغيير وسلّم قيمة حقيقية في كل مرحلة.',
    'Leadership',
    'Intermediate',
    'Blended',
    99,
  ],
  [
    'الاستجابة للحوادث الأمنية',
    'اكتشف الحوادث الأمنية واحتوِها وتعافَ منها باتباع خطة واضحة ومجرّبة.',
    'Cyber security',
    'Advanced',
    'Blended',
    159,
  ],
  [
    'التوازن بين العمل والحياة',
    'ضع حدوداً صحية بين العمل والحياة الشخصية واستعد طاقتك لتعمل بتركيز أكبر.',
    'Wellbeing',
    'Beginner',
    'Webinar',
    null,
  ],
];

const toTraining =
  (language: 'en' | 'ar') =>
  ([title, summary, topic, level, format, price, organizations]: Row): DemoTraining => ({
    title,
    summary,
    language,
    topic,
    level,
    format,
    price,
    ...(organizations ? { organizations } : {}),
  });

/** 42 English and 21 Arabic published trainings, interleaved (two English, one Arabic), and one draft. */
export const demoTrainings: DemoTraining[] = (() => {
  const en = english.map(toTraining('en'));
  const ar = arabic.map(toTraining('ar'));
  const out: DemoTraining[] = [];
  while (en.length || ar.length) {
    out.push(...en.splice(0, 2), ...ar.splice(0, 1));
  }
  out.push({
    title: 'Quarterly Strategy Preview',
    summary: 'A draft training that is not published yet.',
    language: 'en',
    topic: 'Leadership',
    level: 'Advanced',
    format: 'Webinar',
    price: null,
    published: false,
  });
  return out;
})();

/** Video titles by language; a training takes the first n-1 and the last. */
export const demoVideoTitles: Record<'en' | 'ar', string[]> = {
  en: [
    'Welcome and overview',
    'Core concepts',
    'Putting it into practice',
    'Common pitfalls',
    'Case study',
    'Wrap-up and next steps',
  ],
  ar: [
    'مرحباً ونظرة عامة',
    'المفاهيم الأساسية',
    'التطبيق العملي',
    'أخطاء شائعة',
    'دراسة حالة',
    'الخلاصة والخطوات التالية',
  ],
};

/** Body texts by language around the summary and the list of videos. */
export const demoBodyText: Record<'en' | 'ar', { intro: string; outro: string }> = {
  en: {
    intro: 'In this training you will work through these parts, at your own pace:',
    outro:
      'Each part ends with a short reflection so you can apply what you learned in your own work.',
  },
  ar: {
    intro: 'ستتعلم في هذا التدريب من خلال الأجزاء التالية، وبالسرعة التي تناسبك:',
    outro: 'ينتهي كل جزء بتمرين قصير يساعدك على تطبيق ما تعلمته في عملك اليومي.',
  },
};

/** A demo account's subscription to a training, and how far it got. */
export interface DemoSubscription {
  /** The account's name (see `demoUsers`). */
  user: string;
  title: string;
  /** When the account subscribed: days before the seed ran (fractions are hours). */
  daysAgo: number;
  /** How many videos were watched, in order; `all` completes the training. */
  watched: number | 'all';
  /**
   * Over how many days after subscribing the watched videos were seen, one after another at even
   * intervals: the last one, the completion for `all`, this many days after subscribing.
   */
  watchedOverDays: number;
}

/** When Marcus finished his catch-up (see `catchUp`): days before the seed ran. */
const CATCH_UP_DAYS_AGO = 31.35;
/** Minutes between two trainings finished in the catch-up. */
const CATCH_UP_MINUTES_APART = 5;

/**
 * Marcus's catch-up: eleven trainings he subscribed to over three weeks and worked through,
 * their last parts marked watched in one sitting, five minutes apart. The earning rules pay for
 * each completion; eleven in one hour are more points than the cheat guard allows in its time
 * frame, and it holds the last one back.
 */
const catchUp: DemoSubscription[] = [
  'Anti-Bribery and Corruption Awareness',
  'GDPR in Everyday Practice',
  'Protecting Customer Data in the Cloud',
  'Incident Response Fundamentals',
  'Introduction to Cyber Threat Modelling',
  'Responsible AI and Ethics',
  'Machine Learning Concepts Without the Maths',
  'Presenting with Impact',
  'Giving Feedback That Lands',
  'Building a Culture of Recognition',
  'Sleep, Energy and Performance',
].map((title, k): DemoSubscription => {
  const daysAgo = CATCH_UP_DAYS_AGO + 3 + 2.1 * k;
  const finished = CATCH_UP_DAYS_AGO - (k * CATCH_UP_MINUTES_APART) / (24 * 60);
  return { user: 'marcus', title, daysAgo, watched: 'all', watchedOverDays: daysAgo - finished };
});

/**
 * The demo accounts' subscriptions over the last twelve weeks or so, each made some days before
 * the seed ran and most completed a few days or weeks later, so that the learning overview shows
 * a trend and its most subscribed trainings and topics mean something. An account with a points
 * history (`demoUsers`) earned by the earning rules for its subscriptions and completions, at
 * their moments.
 */
export const demoSubscriptions: DemoSubscription[] = [
  {
    user: 'learner',
    title: 'Data Literacy Essentials',
    daysAgo: 76.4,
    watched: 'all',
    watchedOverDays: 7.3,
  },
  {
    user: 'learner',
    title: 'Spotting Phishing Before It Hooks You',
    daysAgo: 55.2,
    watched: 'all',
    watchedOverDays: 14,
  },
  {
    user: 'learner',
    title: 'مقدمة في تحليل البيانات',
    daysAgo: 24.5,
    watched: 1,
    watchedOverDays: 1.1,
  },
  {
    user: 'learner',
    title: 'Leading Hybrid Teams with Confidence',
    daysAgo: 13.3,
    watched: 1,
    watchedOverDays: 2.1,
  },
  {
    user: 'learner',
    title: 'Supply Chain Planning Fundamentals',
    daysAgo: 6.1,
    watched: 1,
    watchedOverDays: 1.2,
  },
  {
    user: 'courseadmin',
    title: 'Generative AI at Work: Practical Prompting',
    daysAgo: 82.2,
    watched: 'all',
    watchedOverDays: 9.1,
  },
  {
    user: 'courseadmin',
    title: 'Coaching Conversations for Managers',
    daysAgo: 47.4,
    watched: 'all',
    watchedOverDays: 12.5,
  },
  // Completed on the day the seed runs: the course administrator's latest points.
  {
    user: 'courseadmin',
    title: 'Spotting Phishing Before It Hooks You',
    daysAgo: 4.6,
    watched: 'all',
    watchedOverDays: 4.6,
  },
  {
    user: 'trainer',
    title: 'Patient Communication Skills',
    daysAgo: 64.3,
    watched: 'all',
    watchedOverDays: 6.2,
  },
  {
    user: 'trainer',
    title: 'Giving Feedback That Lands',
    daysAgo: 20.4,
    watched: 2,
    watchedOverDays: 3.3,
  },
  {
    user: 'trainer',
    title: 'Generative AI at Work: Practical Prompting',
    daysAgo: 9.6,
    watched: 'all',
    watchedOverDays: 3.1,
  },
  {
    user: 'layla',
    title: 'الذكاء الاصطناعي في الحياة المهنية',
    daysAgo: 71.1,
    watched: 'all',
    watchedOverDays: 10.2,
  },
  {
    user: 'layla',
    title: 'Consulting Proposal Writing',
    daysAgo: 33.2,
    watched: 1,
    watchedOverDays: 0.8,
  },
  {
    user: 'layla',
    title: 'Generative AI at Work: Practical Prompting',
    daysAgo: 16.2,
    watched: 'all',
    watchedOverDays: 5.1,
  },
  {
    user: 'layla',
    title: 'مقدمة في تحليل البيانات',
    daysAgo: 2.4,
    watched: 1,
    watchedOverDays: 0.9,
  },
  {
    user: 'marcus',
    title: 'Public Sector Procurement Rules',
    daysAgo: 58.3,
    watched: 'all',
    watchedOverDays: 8.2,
  },
  {
    user: 'marcus',
    title: 'Spotting Phishing Before It Hooks You',
    daysAgo: 27.1,
    watched: 'all',
    watchedOverDays: 11.3,
  },
  {
    user: 'marcus',
    title: 'Data Literacy Essentials',
    daysAgo: 1.3,
    watched: 1,
    watchedOverDays: 0.5,
  },
  {
    user: 'ingrid',
    title: 'Supply Chain Planning Fundamentals',
    daysAgo: 39.2,
    watched: 'all',
    watchedOverDays: 4.1,
  },
  {
    user: 'ingrid',
    title: 'Clinical Data Privacy',
    daysAgo: 18.7,
    watched: 2,
    watchedOverDays: 2.2,
  },
  {
    user: 'ingrid',
    title: 'Spotting Phishing Before It Hooks You',
    daysAgo: 8.1,
    watched: 3,
    watchedOverDays: 3.4,
  },
  {
    user: 'admin',
    title: 'GDPR in Everyday Practice',
    daysAgo: 51.3,
    watched: 'all',
    watchedOverDays: 2.2,
  },
  ...catchUp,
];
