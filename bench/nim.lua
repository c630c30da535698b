wrk.method = "POST"
wrk.body = '{"piles":[3,4,5]}'
wrk.headers["Content-Type"] = "application/json"
