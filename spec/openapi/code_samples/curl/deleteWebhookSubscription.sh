curl --request POST "${MERCHANT_PAYMENTS_BASE_URL:-http://127.0.0.1:4010}/merchants/webhooks/delete" \
  --header "Authorization: Bearer ${MERCHANT_PAYMENTS_TOKEN}" \
  --header "Content-Type: application/json" \
  --header "Accept-Language: en" \
  --header "MerchantAccountNumber: 12345678" \
  --data '{
    "eventCode": "payment.success",
    "merchantAccountNumber": 12345678,
    "deletedBy": "integrations@cornergrocers.example"
  }'
