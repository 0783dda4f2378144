// The texts an editor writes, in every language the portal ships, for the recipes of docs/ applied by
// tests/recipes/apply.ts (the emergency-contact step's and the contact-us form's are in tests/fixtures/).

export interface RecipeTexts {
  travelCompanions: { label: string; hint: string };
  travelInsurance: string;
  insuranceProvider: string;
  insurancePage: string;
  hostLetter: { label: string; hint: string };
  faq: { question: string; answer: string };
  arrivalAssistance: { title: string; label: string; hint: string; step: string };
}

export const RECIPE_TEXTS: Record<string, RecipeTexts> = {
  en: {
    travelCompanions: {
      label: 'Who are you travelling with?',
      hint: 'For example, your partner, your children or a tour group',
    },
    travelInsurance: 'Do you have travel insurance for this trip?',
    insuranceProvider: 'Name of your insurance company',
    insurancePage: 'Travel insurance',
    hostLetter: {
      label: 'Invitation letter from your host',
      hint: 'A letter from the person you are visiting, with their address and the dates of your stay.',
    },
    faq: {
      question: 'At which airports can I arrive?',
      answer:
        'You can arrive at O.R. Tambo International Airport, Cape Town International Airport or Lanseria International Airport. You choose your airport of arrival in the application.',
    },
    arrivalAssistance: {
      title: 'Assistance on arrival',
      label: 'Will you need assistance when you arrive?',
      hint: 'For example, a wheelchair or help with your luggage at the airport',
      step: 'Assistance on arrival',
    },
  },
  fr: {
    travelCompanions: {
      label: 'Avec qui voyagez-vous ?',
      hint: 'Par exemple votre conjoint, vos enfants ou un groupe organisé',
    },
    travelInsurance: 'Avez-vous une assurance voyage pour ce séjour ?',
    insuranceProvider: 'Nom de votre compagnie d’assurance',
    insurancePage: 'Assurance voyage',
    hostLetter: {
      label: 'Lettre d’invitation de votre hôte',
      hint: 'Une lettre de la personne à qui vous rendez visite, avec son adresse et les dates de votre séjour.',
    },
    faq: {
      question: 'Dans quels aéroports puis-je arriver ?',
      answer:
        'Vous pouvez arriver à l’aéroport international O.R. Tambo, à l’aéroport international du Cap ou à l’aéroport international de Lanseria. Vous choisissez votre aéroport d’arrivée dans la demande.',
    },
    arrivalAssistance: {
      title: 'Assistance à l’arrivée',
      label: 'Aurez-vous besoin d’assistance à votre arrivée ?',
      hint: 'Par exemple un fauteuil roulant ou de l’aide pour vos bagages à l’aéroport',
      step: 'Assistance à l’arrivée',
    },
  },
  pt: {
    travelCompanions: {
      label: 'Com quem viaja?',
      hint: 'Por exemplo, o seu cônjuge, os seus filhos ou um grupo organizado',
    },
    travelInsurance: 'Tem seguro de viagem para esta viagem?',
    insuranceProvider: 'Nome da sua companhia de seguros',
    insurancePage: 'Seguro de viagem',
    hostLetter: {
      label: 'Carta-convite do seu anfitrião',
      hint: 'Uma carta da pessoa que vai visitar, com a morada dela e as datas da sua estadia.',
    },
    faq: {
      question: 'Em que aeroportos posso chegar?',
      answer:
        'Pode chegar ao Aeroporto Internacional O.R. Tambo, ao Aeroporto Internacional da Cidade do Cabo ou ao Aeroporto Internacional de Lanseria. Escolhe o aeroporto de chegada no pedido.',
    },
    arrivalAssistance: {
      title: 'Assistência à chegada',
      label: 'Vai precisar de assistência quando chegar?',
      hint: 'Por exemplo, uma cadeira de rodas ou ajuda com a bagagem no aeroporto',
      step: 'Assistência à chegada',
    },
  },
  zh: {
    travelCompanions: { label: '您与谁同行？', hint: '例如您的伴侣、子女或旅行团' },
    travelInsurance: '您是否为此次旅行购买了旅行保险？',
    insuranceProvider: '您的保险公司名称',
    insurancePage: '旅行保险',
    hostLetter: { label: '接待人的邀请函', hint: '由您将拜访的人出具的信函，注明其地址和您的停留日期。' },
    faq: {
      question: '我可以在哪些机场入境？',
      answer: '您可以在O.R.坦博国际机场、开普敦国际机场或兰塞里亚国际机场入境。您在申请中选择抵达机场。',
    },
    arrivalAssistance: {
      title: '抵达协助',
      label: '您抵达时是否需要协助？',
      hint: '例如在机场需要轮椅或行李搬运帮助',
      step: '抵达协助',
    },
  },
  ar: {
    travelCompanions: {
      label: 'مع من تسافر؟',
      hint: 'مثلًا شريك حياتك أو أطفالك أو مجموعة سياحية',
    },
    travelInsurance: 'هل لديك تأمين سفر لهذه الرحلة؟',
    insuranceProvider: 'اسم شركة التأمين',
    insurancePage: 'تأمين السفر',
    hostLetter: {
      label: 'رسالة دعوة من مضيفك',
      hint: 'رسالة من الشخص الذي ستزوره، تتضمن عنوانه وتواريخ إقامتك.',
    },
    faq: {
      question: 'في أي المطارات يمكنني الوصول؟',
      answer:
        'يمكنك الوصول إلى مطار أو. آر. تامبو الدولي أو مطار كيب تاون الدولي أو مطار لانسيريا الدولي. تختار مطار الوصول في الطلب.',
    },
    arrivalAssistance: {
      title: 'المساعدة عند الوصول',
      label: 'هل ستحتاج إلى مساعدة عند وصولك؟',
      hint: 'مثلًا كرسي متحرك أو مساعدة في حمل أمتعتك في المطار',
      step: 'المساعدة عند الوصول',
    },
  },
};

/** The texts of a language of the copy: an editor writes them for every language the portal ships. */
export function recipeTexts(lng: string): RecipeTexts {
  const texts = RECIPE_TEXTS[lng];
  if (!texts) throw new Error(`tests/recipes/texts.ts has no texts in ${lng}: add them`);
  return texts;
}
